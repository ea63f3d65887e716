import { screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../test/fake-trpc.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { getToken } from './auth.ts';

const OWNER = {
  id: 1,
  name: 'Asha',
  businessName: 'Asha Cafe',
  contactNumber: '9876543210',
  code: 'asha-cafe',
  reviewLink: 'https://example.com/review',
};

describe('tRPC client: tokens', () => {
  it('sends the owner token to owner and public procedures, the admin token to admin procedures', async () => {
    const app = await renderWithRouter({
      path: '/',
      authToken: 'owner-token',
      adminToken: 'admin-token',
      handlers: {
        'owner.me': () => OWNER,
        'system.info': () => ({ appUrl: 'http://localhost:3000', paymentsTestMode: true }),
        'admin.auth.me': () => ({ id: 1 }),
      },
    });

    await Promise.all([
      app.queryClient.fetchQuery(app.trpc.owner.me.queryOptions()),
      app.queryClient.fetchQuery(app.trpc.system.info.queryOptions()),
      app.queryClient.fetchQuery(app.trpc.admin.auth.me.queryOptions()),
    ]);

    expect(app.server.callsTo('owner.me')[0]?.authorization).toBe('Bearer owner-token');
    expect(app.server.callsTo('system.info')[0]?.authorization).toBe('Bearer owner-token');
    expect(app.server.callsTo('admin.auth.me')[0]?.authorization).toBe('Bearer admin-token');
  });

  it('sends no Authorization header without a token', async () => {
    const app = await renderWithRouter({
      handlers: { 'system.info': () => ({ appUrl: 'http://localhost:3000', paymentsTestMode: true }) },
    });

    await app.queryClient.fetchQuery(app.trpc.system.info.queryOptions());

    expect(app.server.callsTo('system.info')[0]?.authorization).toBeNull();
  });
});

describe('tRPC client: 401 ends the session', () => {
  it('an owner query failing with UNAUTHORIZED clears authToken and goes to /login', async () => {
    localStorage.setItem('userData', JSON.stringify(OWNER));
    const app = await renderWithRouter({
      path: '/dashboard/profile',
      authToken: 'expired-owner-token',
      adminToken: 'admin-token',
      handlers: { 'owner.me': failsWith('UNAUTHORIZED', 'Please sign in again.') },
    });
    // The owner area's loader asks for owner.me first (first-screen-queries.ts): the expired session
    // ends there, before the page draws.
    await waitFor(() =>
      expect(app.server.callsTo('owner.me')[0]?.authorization).toBe('Bearer expired-owner-token'),
    );
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(getToken('owner')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(getToken('admin')).toBe('admin-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('an admin query failing with UNAUTHORIZED clears adminToken and goes to /admin-login', async () => {
    const app = await renderWithRouter({
      path: '/admin-dashboard/leads',
      adminToken: 'expired-admin-token',
      authToken: 'owner-token',
      handlers: { 'admin.auth.me': failsWith('UNAUTHORIZED', 'Please sign in again.') },
    });
    await screen.findByRole('heading', { level: 1, name: 'Leads Management' });

    await expect(app.queryClient.fetchQuery(app.trpc.admin.auth.me.queryOptions())).rejects.toThrow();

    await waitFor(() => expect(app.pathname()).toBe('/admin-login'));
    expect(getToken('admin')).toBeNull();
    expect(getToken('owner')).toBe('owner-token');
  });

  it('a direct client call is handled the same way', async () => {
    const app = await renderWithRouter({
      path: '/dashboard',
      authToken: 'expired-owner-token',
      handlers: { 'owner.me': failsWith('UNAUTHORIZED') },
    });

    await expect(app.trpcClient.owner.me.query()).rejects.toBeInstanceOf(TRPCClientError);

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(getToken('owner')).toBeNull();
  });

  it.each([
    ['owner.login', 'Invalid phone number or password'],
    ['admin.auth.login', 'Invalid email or password'],
  ])('a 401 from %s is shown, not treated as an expired session', async (path, message) => {
    const app = await renderWithRouter({
      path: '/register',
      authToken: 'owner-token',
      adminToken: 'admin-token',
      handlers: { [path]: failsWith('UNAUTHORIZED', message) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });

    const login =
      path === 'owner.login'
        ? app.trpcClient.owner.login.mutate({ contactNumber: '9876543210', password: 'wrong-password' })
        : app.trpcClient.admin.auth.login.mutate({ email: 'admin@example.com', password: 'wrong-password' });
    await expect(login).rejects.toThrow(message);

    expect(app.pathname()).toBe('/register');
    expect(getToken('owner')).toBe('owner-token');
    expect(getToken('admin')).toBe('admin-token');
  });

  it('other errors leave the session alone', async () => {
    const app = await renderWithRouter({
      path: '/dashboard',
      authToken: 'owner-token',
      handlers: { 'owner.me': failsWith('FORBIDDEN', 'You do not have permission to do that.') },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await expect(app.queryClient.fetchQuery(app.trpc.owner.me.queryOptions())).rejects.toThrow();

    expect(app.pathname()).toBe('/dashboard');
    expect(getToken('owner')).toBe('owner-token');
  });
});
