import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router.tsx';
import { ownerTabTitle } from './owner-layout.tsx';
import { cleanToastsBeforeEach, meta, ownerHandlers, stats } from './test/owner-test-utils.tsx';

cleanToastsBeforeEach();

// owner.me travels in one batch with the tab's own calls: answer them all.
const quiet = {
  'owner.dashboard.stats': () => stats(),
  'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
};

describe('ownerTabTitle', () => {
  it.each([
    ['/dashboard', 'Asha', 'Hi, Asha'],
    ['/dashboard/', 'Asha', 'Hi, Asha'],
    ['/dashboard', undefined, 'Dashboard'],
    ['/dashboard/profile', 'Asha', 'Business Profile'],
    ['/dashboard/plan', 'Asha', 'Subscription Plan'],
    ['/dashboard/settings', 'Asha', 'Settings'],
    ['/dashboard/inbox', 'Asha', 'Feedback inbox'],
  ])('%s (%s) -> %s', (path, name, title) => {
    expect(ownerTabTitle(path, name)).toBe(title);
  });
});

describe('owner layout', () => {
  it('greets the owner and links every tab in the sidebar', async () => {
    await renderWithRouter({
      path: '/dashboard/profile',
      authToken: 'owner-token',
      handlers: ownerHandlers(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Profile' })).toBeInTheDocument();

    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    // No open cases (ownerHandlers' count): the Inbox link carries no number.
    expect(nav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/dashboard/inbox');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard/profile');
    expect(nav.getByRole('link', { name: 'Plan' })).toHaveAttribute('href', '/dashboard/plan');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("says 'Hi, {name}' on the stats tab", async () => {
    const app = await renderWithRouter({
      path: '/dashboard/settings',
      authToken: 'owner-token',
      handlers: ownerHandlers({
        'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
        'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
        ...quiet,
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await app.user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Dashboard' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Rao' })).toBeInTheDocument();
  });

  it('logs out: revokes the token on the server, forgets it and goes to /login', async () => {
    const app = await renderWithRouter({
      path: '/dashboard',
      authToken: 'owner-token',
      handlers: ownerHandlers(quiet),
    });
    await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Rao' });

    await app.user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.server.callsTo('owner.logout')).toHaveLength(1);
    expect(app.server.callsTo('owner.logout')[0]?.authorization).toBe('Bearer owner-token');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});

describe('owner area language', () => {
  it('switches to Hindi on a tap, remembers it for the person and on this device, and back', async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    const app = await renderWithRouter({
      path: '/dashboard/profile',
      authToken: 'owner-token',
      handlers: ownerHandlers({
        'owner.language.get': () => ({ language: 'en' }),
        'owner.language.update': (input: unknown) => input,
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Business Profile' });
    await app.user.click(screen.getByText('हिन्दी'));
    expect(await screen.findByRole('heading', { level: 1, name: 'बिज़नेस प्रोफ़ाइल' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'डैशबोर्ड' }));
    expect(nav.getByRole('link', { name: 'इनबॉक्स' })).toHaveAttribute('href', '/dashboard/inbox');
    expect(document.documentElement.lang).toBe('hi-IN');
    await waitFor(() => expect(app.server.callsTo('owner.language.update')).toHaveLength(1));
    expect(app.server.callsTo('owner.language.update')[0]?.input).toEqual({ language: 'hi' });
    expect(window.localStorage.getItem('starloopOwnerLang')).toBe('hi');
    await app.user.click(screen.getByText('English'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Profile' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });

  it("opens in the language the person chose on another device (the server's answer wins)", async () => {
    window.localStorage.setItem('starloopOwnerLang', 'en');
    await renderWithRouter({
      path: '/dashboard/plan',
      authToken: 'owner-token',
      handlers: ownerHandlers({ 'owner.language.get': () => ({ language: 'hi' }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'सब्सक्रिप्शन प्लान' })).toBeInTheDocument();
    expect(window.localStorage.getItem('starloopOwnerLang')).toBe('hi');
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
