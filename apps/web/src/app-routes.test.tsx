import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from './test/render-with-router.tsx';

/** Every route of spec section 2 (plus the decisions' set/reset-password pages and owner tabs). */
const PUBLIC_ROUTES: [path: string, heading: string, title: string][] = [
  ['/', 'Turn happy customers into 5-star reviews', 'Review collection for Indian businesses | StarLoop'],
  ['/login', 'Login', 'Login | StarLoop'],
  ['/register', 'Create your account', 'Create your account | StarLoop'],
  ['/support', 'Support', 'Support | StarLoop'],
  ['/terms', 'Terms of Service', 'Terms of Service | StarLoop'],
  ['/privacy-policy', 'Privacy Policy', 'Privacy Policy | StarLoop'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy | StarLoop'],
  ['/contact', "Let's get your business more 5-star reviews", 'Contact | StarLoop'],
  ['/set-password', 'Set your password', 'Set your password | StarLoop'],
  ['/reset-password', 'Reset your password', 'Reset your password | StarLoop'],
  ['/admin-login', 'Admin Login', 'Admin Login | StarLoop'],
];

const OWNER_ROUTES: [path: string, heading: string][] = [
  ['/dashboard', 'Dashboard'],
  ['/dashboard/profile', 'Business Profile'],
  ['/dashboard/plan', 'Subscription Plan'],
  ['/dashboard/settings', 'Settings'],
];

const ADMIN_ROUTES: [path: string, heading: string][] = [
  ['/admin-dashboard', 'Dashboard Overview'],
  ['/admin-dashboard/users', 'Users Management'],
  ['/admin-dashboard/reviews', 'Reviews Management'],
  ['/admin-dashboard/admins', 'Admins Management'],
  ['/admin-dashboard/agents', 'Agents Management'],
  ['/admin-dashboard/payments', 'Payments Management'],
  ['/admin-dashboard/leads', 'Leads Management'],
  ['/admin-dashboard/manual-payments', 'Manual Payments'],
  ['/admin-dashboard/onboard-user', 'Onboard User'],
  ['/admin-dashboard/onboard-agent', 'Onboard Agent'],
];

describe('routes', () => {
  it.each(PUBLIC_ROUTES)('%s renders "%s" and names the tab', async (path, heading, title) => {
    const app = await renderWithRouter({ path });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(OWNER_ROUTES)('%s (owner) renders "%s"', async (path, heading) => {
    const app = await renderWithRouter({ path, authToken: 'owner-token' });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
  });

  it.each(ADMIN_ROUTES)('%s (admin) renders "%s"', async (path, heading) => {
    const app = await renderWithRouter({ path, adminToken: 'admin-token' });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
    await waitFor(() => expect(document.title).toBe(`${heading} | StarLoop`));
  });

  it.each([
    ['/dashboard/unknown', { authToken: 'owner-token' }],
    ['/admin-dashboard/unknown', { adminToken: 'admin-token' }],
  ])('an unknown path inside a signed-in area (%s) shows the full-page 404', async (path, tokens) => {
    await renderWithRouter({ path, ...tokens });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('the landing page offers Dashboard instead of Get Started to a signed-in owner', async () => {
    await renderWithRouter({ path: '/', authToken: 'owner-token' });
    const links = await screen.findAllByRole('link', { name: 'Dashboard' });
    for (const link of links) expect(link).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('the landing page offers Get Started to a visitor', async () => {
    await renderWithRouter({ path: '/' });
    const links = await screen.findAllByRole('link', { name: 'Get Started' });
    for (const link of links) expect(link).toHaveAttribute('href', '/login');
  });
});
