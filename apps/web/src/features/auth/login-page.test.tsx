import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../test/fake-trpc.ts';
import { renderWithRouter } from '../../test/render-with-router.tsx';
import { owner } from '../owner/test/owner-test-utils.tsx';

// Toasts live in a module-level store: start every test without the previous test's toasts.
beforeEach(() => notifications.clean());

const USER = owner({
  name: 'Asha Kulkarni',
  businessName: 'Chai Point Pune',
  code: 'chai-point-pune',
  reviewLink: null,
  state: 'Maharashtra',
  city: 'Pune',
  plan: 'essential',
  subscriptionStart: null,
  subscriptionEnd: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const phoneInput = () => screen.getByRole('textbox', { name: /Phone number/ });
const passwordInput = () => screen.getByLabelText(/^Password/);
const loginButton = () => screen.getByRole('button', { name: 'Login' });

async function renderLogin(handlers = {}) {
  const app = await renderWithRouter({ path: '/login', handlers });
  await screen.findByRole('heading', { level: 1, name: 'Login' });
  return app;
}

describe('/login', () => {
  it('has phone and password fields, a show/hide toggle and a link to /register', async () => {
    const { user } = await renderLogin();

    expect(phoneInput()).toHaveAttribute('type', 'tel');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Toggle password visibility' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('shows the required messages and sends nothing', async () => {
    const { user, server } = await renderLogin();

    await user.click(loginButton());

    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('owner.login')).toHaveLength(0);
  });

  it('checks the phone has 10 digits and the password 6 characters', async () => {
    const { user, server } = await renderLogin();

    await user.type(phoneInput(), '98765');
    await user.type(passwordInput(), '12345');
    await user.click(loginButton());

    expect(await screen.findByText('Enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(server.callsTo('owner.login')).toHaveLength(0);

    // Errors follow the typing once the form was submitted.
    await user.type(phoneInput(), '43210');
    await waitFor(() => expect(screen.queryByText('Enter a valid 10-digit phone number')).toBeNull());
  });

  it('keeps only digits, and drops a pasted +91', async () => {
    const { user } = await renderLogin();

    await user.click(phoneInput());
    await user.paste('+91 98765 43210');

    expect(phoneInput()).toHaveValue('9876543210');
  });

  it("signs in with {contactNumber, password}, shows the server's message and goes to /dashboard", async () => {
    const login = vi.fn(() => ({ token: 'owner-token', user: USER, message: 'Welcome back, Asha!' }));
    const { user, server, pathname } = await renderLogin({ 'owner.login': login });

    await user.type(phoneInput(), '9876543210');
    await user.type(passwordInput(), 'secret12');
    await user.click(loginButton());

    expect(await screen.findByText('Welcome back, Asha!')).toBeInTheDocument();
    expect(server.callsTo('owner.login').map((c) => c.input)).toEqual([
      { contactNumber: '9876543210', password: 'secret12' },
    ]);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem('authToken')).toBe('owner-token');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ name: 'Asha Kulkarni' });
    expect(localStorage.getItem('phone')).toBe('9876543210');
  });

  it("says 'Login successful! Welcome back.' when the server sends no message", async () => {
    const { user } = await renderLogin({ 'owner.login': () => ({ token: 't', user: USER, message: '' }) });

    await user.type(phoneInput(), '9876543210');
    await user.type(passwordInput(), 'secret12');
    await user.click(loginButton());

    expect(await screen.findByText('Login successful! Welcome back.')).toBeInTheDocument();
  });

  it("shows the server's message on failure and stays on /login", async () => {
    const { user, pathname } = await renderLogin({
      'owner.login': failsWith('UNAUTHORIZED', 'Invalid phone number or password'),
    });

    await user.type(phoneInput(), '9876543210');
    await user.type(passwordInput(), 'wrong-pass');
    await user.click(loginButton());

    expect(await screen.findByText('Invalid phone number or password')).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(phoneInput()).toBeEnabled();
  });

  it("falls back to 'Login failed. Please try again.' without a message", async () => {
    const { user } = await renderLogin({ 'owner.login': failsWith('INTERNAL_SERVER_ERROR', '') });

    await user.type(phoneInput(), '9876543210');
    await user.type(passwordInput(), 'secret12');
    await user.click(loginButton());

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it("says 'Unable to connect to server. Please check your connection.' when the network fails", async () => {
    const { user, server } = await renderLogin();
    vi.mocked(server.fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await user.type(phoneInput(), '9876543210');
    await user.type(passwordInput(), 'secret12');
    await user.click(loginButton());

    expect(
      await screen.findByText('Unable to connect to server. Please check your connection.'),
    ).toBeInTheDocument();
  });

  it('disables the inputs while signing in', async () => {
    let answer: (value: unknown) => void = () => {};
    const { user } = await renderLogin({
      'owner.login': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });

    await user.type(phoneInput(), '9876543210');
    await user.type(passwordInput(), 'secret12');
    await user.click(loginButton());

    await waitFor(() => expect(phoneInput()).toBeDisabled());
    expect(passwordInput()).toBeDisabled();
    expect(loginButton()).toBeDisabled();
    answer({ token: 't', user: USER, message: 'ok' });
  });

  it('offers the phone number it remembers', async () => {
    localStorage.setItem('phone', '9123456780');
    await renderLogin();
    expect(phoneInput()).toHaveValue('9123456780');
  });
});

describe('/login: Forgot password?', () => {
  it('asks for the phone, calls public.password.requestReset and shows its message', async () => {
    const message = 'If this number is registered with us, a reset link is on its way to the email on file.';
    const { user, server } = await renderLogin({
      'public.password.requestReset': () => ({ success: true, message }),
    });

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    await user.type(phoneInput(), '12345');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(server.callsTo('public.password.requestReset')).toHaveLength(0);

    await user.clear(phoneInput());
    await user.type(phoneInput(), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.callsTo('public.password.requestReset').map((c) => c.input)).toEqual([
      { contactNumber: '9876543210' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(phoneInput()).toHaveValue('9876543210');
  });

  it('clears the message when the phone is edited, and sends the digits only', async () => {
    const { user, server } = await renderLogin({
      'public.password.requestReset': () => ({ success: true, message: 'Sent.' }),
    });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');

    await user.type(phoneInput(), '98765 43210');
    expect(screen.queryByText('Phone number is required')).toBeNull();
    expect(screen.queryByText('Enter a valid 10-digit phone number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Sent.')).toBeInTheDocument();
    expect(server.callsTo('public.password.requestReset').map((c) => c.input)).toEqual([
      { contactNumber: '9876543210' },
    ]);
  });

  it("shows the server's message when the request fails", async () => {
    const { user } = await renderLogin({
      'public.password.requestReset': failsWith(
        'TOO_MANY_REQUESTS',
        'Too many requests. Try again in a minute.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(await screen.findByRole('textbox', { name: /Phone number/ }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in a minute.');
  });
});
