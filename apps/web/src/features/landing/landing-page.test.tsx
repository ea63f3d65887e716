import { PLANS } from '@starloop/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router.tsx';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

/** happy-dom applies Mantine's hiddenFrom/visibleFrom media queries: a phone-sized window for the burger. */
function phoneViewport() {
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width: 360,
    height: 740,
  });
}

afterEach(() => {
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width: 1024,
    height: 768,
  });
});

describe('landing page, signed out', () => {
  it('sends every Get Started to /login: nav, hero, each pricing card and the closing banner', async () => {
    await renderWithRouter({ path: '/' });
    await screen.findByRole('heading', { level: 1 });

    expect(within(mainNav()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/login');
    for (const plan of ['Essential', 'Professional']) {
      const card = screen.getByRole('article', { name: plan });
      expect(within(card).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    }
    const banner = screen.getByRole('region', { name: 'Join the Review Revolution' });
    expect(within(banner).getByText('Limited Time Launch Offer')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('has the sticky nav: Features and Pricing anchors, Contact going to /contact', async () => {
    await renderWithRouter({ path: '/' });
    await screen.findByRole('heading', { level: 1 });

    expect(within(mainNav()).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(mainNav()).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(mainNav()).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(document.getElementById('features')).toBeInTheDocument();
    expect(document.getElementById('pricing')).toBeInTheDocument();
    expect(document.getElementById('contact')).toBeInTheDocument();
  });

  it('the mobile menu opens and closes with its burger; its Contact is the in-page #contact', async () => {
    phoneViewport();
    const { user } = await renderWithRouter({ path: '/' });
    const burger = await screen.findByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    await user.click(burger);

    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
    expect(within(menu).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(menu).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(menu).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');

    await user.click(within(menu).getByRole('link', { name: 'Features' }));
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the Recent Reviews mock: Live, New Review!, ratings 5, 4 and 5', async () => {
    await renderWithRouter({ path: '/' });
    const panel = (await screen.findByRole('heading', { name: 'Recent Reviews' })).closest(
      'div.mantine-Paper-root',
    );
    expect(panel).not.toBeNull();
    expect(within(panel as HTMLElement).getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('New Review!')).toBeInTheDocument();
    expect(
      within(panel as HTMLElement)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['5 out of 5 stars', '4 out of 5 stars', '5 out of 5 stars']);
  });

  it('lists the three features and the landing plans with their computed discounts', async () => {
    await renderWithRouter({ path: '/' });
    await screen.findByRole('heading', { level: 1 });

    for (const title of ['QR-based review collection', 'All-in-one dashboard', 'Automatic review replies']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/thank-you for positive feedback/)).toBeInTheDocument();
    expect(screen.getByText(/professional, caring tone for negative feedback/)).toBeInTheDocument();

    const essential = screen.getByRole('article', { name: 'Essential' });
    expect(within(essential).getByText('₹1,999')).toBeInTheDocument();
    expect(within(essential).getByText('₹2,999')).toBeInTheDocument();
    expect(within(essential).getByText('33% OFF')).toBeInTheDocument();
    expect(within(essential).getByText('Launch price locked for 1 year')).toBeInTheDocument();
    expect(
      within(essential)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...PLANS.essential.features]);
    expect(within(essential).getByText('/month + GST')).toBeInTheDocument();
    expect(within(essential).getByText('Auto Reply within 24 to 48 hours')).toBeInTheDocument();
    const professional = screen.getByRole('article', { name: 'Professional' });
    expect(within(professional).getByText('25% OFF')).toBeInTheDocument();
    expect(within(professional).getByText('Launch price locked for 2 year')).toBeInTheDocument();
    expect(
      within(professional)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...PLANS.professional.features]);
    expect(within(professional).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getByText(/Both plans include unlimited reviews/)).toBeInTheDocument();
    expect(screen.getByText(/hundreds of early adopters/)).toBeInTheDocument();
  });

  it('footer: Privacy, Terms and Support go to their pages, Blog is plain text', async () => {
    await renderWithRouter({ path: '/' });
    const footer = await screen.findByRole('contentinfo');

    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(within(footer).getByText('Blog')).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Blog' })).toBeNull();
  });
});

describe('landing page, signed in (authToken stored)', () => {
  it('offers Dashboard instead of Get Started, and hides the pricing and the closing banner', async () => {
    await renderWithRouter({ path: '/', authToken: 'owner-token' });
    await screen.findByRole('heading', { level: 1 });

    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const dashboards = screen.getAllByRole('link', { name: 'Dashboard' });
    expect(dashboards.length).toBeGreaterThanOrEqual(2);
    for (const link of dashboards) expect(link).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: /Get Started/ })).toBeNull();
    expect(document.getElementById('pricing')).toBeNull();
    expect(screen.queryByText('Join the Review Revolution')).toBeNull();
    expect(within(mainNav()).queryByRole('link', { name: 'Pricing' })).toBeNull();
  });

  it('checks the token once, on load', async () => {
    await renderWithRouter({ path: '/' });
    await screen.findByRole('heading', { level: 1 });
    localStorage.setItem('authToken', 'later');

    expect(within(mainNav()).getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });
});
