import { ADMIN_SECURITY_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { getToken } from '../../../lib/auth.ts';
import { failsWith } from '../../../test/fake-trpc.ts';
import { renderWithRouter } from '../../../test/render-with-router.tsx';
import { page, useCleanToasts } from '../test/admin-test-utils.tsx';
import { TWO_FACTOR_TEXTS } from './two-factor-steps.tsx';

// The enrolment QR code is made in the browser by `qrcode`: record what it is asked to encode.
const qr = vi.hoisted(() => ({ toDataURL: vi.fn() }));
vi.mock('qrcode', () => ({ default: qr, toDataURL: qr.toDataURL }));
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

async function open(handlers = {}) {
  const app = await renderWithRouter({ path: '/admin-login', handlers });
  await screen.findByRole('heading', { level: 1, name: 'Admin Login' });
  return app;
}

async function fill(app: Awaited<ReturnType<typeof open>>, email: string, password: string) {
  if (email) await app.user.type(screen.getByLabelText('Email'), email);
  if (password) await app.user.type(screen.getByLabelText('Password'), password);
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/admin-login', () => {
  useCleanToasts();

  it('shows the required messages and sends nothing', async () => {
    const app = await open();
    await fill(app, '', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(app.server.callsTo('admin.auth.login')).toHaveLength(0);
  });

  it('shows the shape and length messages', async () => {
    const app = await open();
    await fill(app, 'not-an-email', '12345');
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in: toast with the server message, token stored, dashboard opens', async () => {
    const app = await open({
      'admin.auth.login': () => ({ token: 'admin-jwt', message: 'Welcome back, Asha' }),
    });
    await fill(app, ' Admin@Example.com ', 'secret123');

    expect(await screen.findByText('Welcome back, Asha')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/admin-dashboard'));
    expect(getToken('admin')).toBe('admin-jwt');
    expect(app.server.callsTo('admin.auth.login')[0]?.input).toEqual({
      email: 'admin@example.com',
      password: 'secret123',
    });
  });

  it('uses the default success text when the server sends no message', async () => {
    const app = await open({ 'admin.auth.login': () => ({ token: 'admin-jwt', message: '' }) });
    await fill(app, 'admin@example.com', 'secret123');
    expect(await screen.findByText('Login successful! Welcome to admin dashboard.')).toBeInTheDocument();
  });

  it('shows the server message as toast and banner on a refused sign-in', async () => {
    const app = await open({ 'admin.auth.login': failsWith('UNAUTHORIZED', 'Invalid email or password') });
    await fill(app, 'admin@example.com', 'wrongpass');

    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(page().getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(app.pathname()).toBe('/admin-login');
    expect(getToken('admin')).toBeNull();
  });

  it("falls back to 'Login failed' when the server's error has no message", async () => {
    const app = await open({ 'admin.auth.login': failsWith('BAD_REQUEST', '') });
    await fill(app, 'admin@example.com', 'secret123');
    await waitFor(() => expect(screen.getAllByText('Login failed')).toHaveLength(2));
  });

  it('shows the network texts when the server cannot be reached', async () => {
    const app = await open();
    (app.server.fetch as unknown as Mock).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await fill(app, 'admin@example.com', 'secret123');

    expect(
      await screen.findByText('Unable to connect to server. Please check your connection.'),
    ).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });

  it('shows the unexpected texts for an answer without a token', async () => {
    const app = await open({ 'admin.auth.login': () => ({ message: 'ok' }) });
    await fill(app, 'admin@example.com', 'secret123');

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('disables the inputs while signing in', async () => {
    let finish: (value: unknown) => void = () => {};
    const app = await open({
      'admin.auth.login': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    await fill(app, 'admin@example.com', 'secret123');

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    finish({ token: 'admin-jwt', message: 'Hi' });
    await waitFor(() => expect(app.pathname()).toBe('/admin-dashboard'));
  });

  it('sends a signed-in admin straight to the dashboard', async () => {
    const app = await renderWithRouter({ path: '/admin-login', adminToken: 'admin-jwt' });
    expect(app.pathname()).toBe('/admin-dashboard');
  });
});

describe('/admin-login with two-factor sign-in', () => {
  useCleanToasts();
  beforeEach(() => {
    qr.toDataURL.mockReset();
    qr.toDataURL.mockResolvedValue(PNG);
  });

  const verifyChallenge = {
    message: ADMIN_SECURITY_TEXTS.codeNeeded,
    twoFactor: { step: 'verify', challengeToken: 'challenge-1', expiresAt: '2026-11-25T10:05:00.000Z' },
  };
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const URI = `otpauth://totp/StarLoop:kavya%40starloop.in?secret=${SECRET}&issuer=StarLoop`;
  const enrolChallenge = {
    message: ADMIN_SECURITY_TEXTS.enrolNeeded,
    twoFactor: {
      step: 'enrol',
      challengeToken: 'challenge-2',
      expiresAt: '2026-11-25T10:05:00.000Z',
      enrolment: { secret: SECRET, otpauthUri: URI },
    },
  };
  const RECOVERY = Array.from(
    { length: 10 },
    (_, i) => `AAAA-BBBB-CCCC-DD${String.fromCharCode(65 + i)}${i % 8}`,
  );

  const codeField = (label: string = TWO_FACTOR_TEXTS.codeLabel) => screen.getByLabelText(label);

  it('asks for the code after the password, without storing anything yet, and signs in with it', async () => {
    const app = await open({
      'admin.auth.login': () => verifyChallenge,
      'admin.auth.verifyTotp': () => ({
        token: 'admin-jwt-2fa',
        message: 'Login successful! Welcome to admin dashboard.',
      }),
    });
    await fill(app, 'kavya@starloop.in', 'kavya-pass-1');
    expect(
      await screen.findByRole('heading', { level: 2, name: TWO_FACTOR_TEXTS.verifyTitle }),
    ).toBeInTheDocument();
    expect(getToken('admin')).toBeNull();
    expect(app.pathname()).toBe('/admin-login');

    await app.user.type(codeField(), '123 456');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));
    await waitFor(() => expect(app.pathname()).toBe('/admin-dashboard'));
    expect(getToken('admin')).toBe('admin-jwt-2fa');
    expect(app.server.callsTo('admin.auth.verifyTotp')[0]?.input).toEqual({
      challengeToken: 'challenge-1',
      code: '123456',
    });
    expect(await screen.findByText('Login successful! Welcome to admin dashboard.')).toBeInTheDocument();
  });

  it('checks the code before sending it, and shows a wrong code under the field', async () => {
    const app = await open({
      'admin.auth.login': () => verifyChallenge,
      'admin.auth.verifyTotp': failsWith('UNAUTHORIZED', ADMIN_SECURITY_TEXTS.codeWrong, 'code'),
    });
    await fill(app, 'kavya@starloop.in', 'kavya-pass-1');
    await screen.findByRole('heading', { level: 2, name: TWO_FACTOR_TEXTS.verifyTitle });
    await app.user.type(codeField(), '12');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.codeOrRecoveryFormat)).toBeInTheDocument();
    expect(app.server.callsTo('admin.auth.verifyTotp')).toHaveLength(0);

    await app.user.clear(codeField());
    await app.user.type(codeField(), '654321');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.codeWrong)).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    // Still on the second step: a wrong code is not a lost session.
    expect(screen.getByRole('heading', { level: 2, name: TWO_FACTOR_TEXTS.verifyTitle })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin-login');
    expect(getToken('admin')).toBeNull();
  });

  it('signs in with a recovery code', async () => {
    const app = await open({
      'admin.auth.login': () => verifyChallenge,
      'admin.auth.verifyTotp': () => ({
        token: 'admin-jwt-rc',
        message: ADMIN_SECURITY_TEXTS.recoveryCodeUsed(9),
        recoveryCodesLeft: 9,
      }),
    });
    await fill(app, 'kavya@starloop.in', 'kavya-pass-1');
    await app.user.click(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.useRecovery }));
    await app.user.type(codeField(TWO_FACTOR_TEXTS.recoveryLabel), 'abcd efgh jklm npqr');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));
    await waitFor(() => expect(getToken('admin')).toBe('admin-jwt-rc'));
    expect(app.server.callsTo('admin.auth.verifyTotp')[0]?.input).toEqual({
      challengeToken: 'challenge-1',
      code: 'ABCD-EFGH-JKLM-NPQR',
    });
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.recoveryCodeUsed(9))).toBeInTheDocument();
  });

  it('goes back to the password when the challenge has expired', async () => {
    const app = await open({
      'admin.auth.login': () => verifyChallenge,
      'admin.auth.verifyTotp': failsWith('UNAUTHORIZED', ADMIN_SECURITY_TEXTS.challengeExpired),
    });
    await fill(app, 'kavya@starloop.in', 'kavya-pass-1');
    await screen.findByRole('heading', { level: 2, name: TWO_FACTOR_TEXTS.verifyTitle });
    await app.user.type(codeField(), '123456');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent(ADMIN_SECURITY_TEXTS.challengeExpired);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('enrols: QR code and key, a code confirms the app, then the recovery codes are shown once', async () => {
    const app = await open({
      'admin.auth.login': () => enrolChallenge,
      'admin.auth.enrolTotp': () => ({
        token: 'admin-jwt-new',
        message: ADMIN_SECURITY_TEXTS.enrolled,
        recoveryCodes: RECOVERY,
      }),
    });
    await fill(app, 'kavya@starloop.in', 'kavya-pass-1');
    expect(
      await screen.findByRole('heading', { level: 2, name: TWO_FACTOR_TEXTS.enrolTitle }),
    ).toBeInTheDocument();
    const image = await screen.findByRole('img', { name: TWO_FACTOR_TEXTS.qrAlt });
    expect(image).toHaveAttribute('src', PNG);
    expect(qr.toDataURL.mock.calls[0]?.[0]).toBe(URI);
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await app.user.type(screen.getByLabelText('Code from the app'), '42');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.confirm }));
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.codeFormat)).toBeInTheDocument();
    expect(app.server.callsTo('admin.auth.enrolTotp')).toHaveLength(0);

    await app.user.clear(screen.getByLabelText('Code from the app'));
    await app.user.type(screen.getByLabelText('Code from the app'), '424242');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.confirm }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
    expect(app.server.callsTo('admin.auth.enrolTotp')[0]?.input).toEqual({
      challengeToken: 'challenge-2',
      code: '424242',
    });
    // Signed in only once the admin says the codes are kept.
    expect(getToken('admin')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.codesDone }));
    await waitFor(() => expect(app.pathname()).toBe('/admin-dashboard'));
    expect(getToken('admin')).toBe('admin-jwt-new');
  });

  it('shows a wrong enrolment code under the field', async () => {
    const app = await open({
      'admin.auth.login': () => enrolChallenge,
      'admin.auth.enrolTotp': failsWith('UNAUTHORIZED', ADMIN_SECURITY_TEXTS.codeWrong, 'code'),
    });
    await fill(app, 'kavya@starloop.in', 'kavya-pass-1');
    await app.user.type(await screen.findByLabelText('Code from the app'), '111111');
    await app.user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.confirm }));
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.codeWrong)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: TWO_FACTOR_TEXTS.enrolTitle })).toBeInTheDocument();
  });
});
