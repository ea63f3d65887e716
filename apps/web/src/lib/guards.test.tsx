import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../test/fake-trpc.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { getToken } from './auth.ts';

describe('route guards', () => {
  it.each(['/dashboard', '/dashboard/profile', '/dashboard/plan', '/dashboard/settings'])(
    '%s without an authToken ends at /login',
    async (path) => {
      const app = await renderWithRouter({ path });

      await waitFor(() => expect(app.pathname()).toBe('/login'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    },
  );

  it.each(['/admin-dashboard', '/admin-dashboard/users', '/admin-dashboard/onboard-agent'])(
    '%s without an adminToken ends at /admin-login',
    async (path) => {
      const app = await renderWithRouter({ path });

      await waitFor(() => expect(app.pathname()).toBe('/admin-login'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    },
  );

  it('an admin token does not open the owner area, nor an owner token the admin area', async () => {
    const owner = await renderWithRouter({ path: '/dashboard', adminToken: 'admin-token' });
    await waitFor(() => expect(owner.pathname()).toBe('/login'));
    owner.unmount();
    localStorage.clear();

    const admin = await renderWithRouter({ path: '/admin-dashboard', authToken: 'owner-token' });
    await waitFor(() => expect(admin.pathname()).toBe('/admin-login'));
  });

  it('with an authToken, /dashboard renders the owner layout', async () => {
    const app = await renderWithRouter({ path: '/dashboard', authToken: 'owner-token' });

    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      // The feedback inbox (issue 33) and review requests (issue 19) are not in the spec's navigation.
      ['Inbox', '/dashboard/inbox'],
      ['Profile', '/dashboard/profile'],
      ['Requests', '/dashboard/requests'],
      ['Plan', '/dashboard/plan'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(app.pathname()).toBe('/dashboard');
  });

  it('with an adminToken, an admin section renders the admin layout', async () => {
    const app = await renderWithRouter({ path: '/admin-dashboard/users', adminToken: 'admin-token' });

    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Users',
      'Reviews',
      'Admins',
      'Agents',
      'Leads',
      'Payments',
      'Manual Payments',
      'Invoices',
      'Renewals',
      'Onboard User',
      'Onboard Agent',
      'System',
      'My Account',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users Management' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin-dashboard/users');
  });

  it('sidebar links move between owner screens', async () => {
    const app = await renderWithRouter({ path: '/dashboard', authToken: 'owner-token' });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });

    await app.user.click(within(nav).getByRole('link', { name: 'Profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Business Profile' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard/profile');
  });
});

describe('logout', () => {
  it('owner: revokes the token on the server, forgets it and goes to /login', async () => {
    localStorage.setItem('userData', '{"name":"Asha"}');
    localStorage.setItem('phone', '9876543210');
    const app = await renderWithRouter({
      path: '/dashboard/settings',
      authToken: 'owner-token',
      handlers: { 'owner.logout': () => ({ success: true }) },
    });

    await app.user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.server.callsTo('owner.logout')).toEqual([
      expect.objectContaining({ authorization: 'Bearer owner-token' }),
    ]);
    expect(getToken('owner')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('phone')).toBe('9876543210');
  });

  it('admin: signs out even when the server call fails', async () => {
    const app = await renderWithRouter({
      path: '/admin-dashboard',
      adminToken: 'admin-token',
      authToken: 'owner-token',
      handlers: { 'admin.auth.logout': failsWith('INTERNAL_SERVER_ERROR') },
    });

    await app.user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(app.pathname()).toBe('/admin-login'));
    expect(app.server.callsTo('admin.auth.logout')).toEqual([
      expect.objectContaining({ authorization: 'Bearer admin-token' }),
    ]);
    expect(getToken('admin')).toBeNull();
    expect(getToken('owner')).toBe('owner-token');
  });
});
