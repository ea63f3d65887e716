import { notifications } from '@mantine/notifications';
import { ACCOUNT_TEXTS } from '@starloop/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../test/fake-trpc.ts';
import { renderWithRouter } from '../../test/render-with-router.tsx';
import { INVITE_TEXT } from './invite-page.tsx';

beforeEach(() => notifications.clean());

const TOKEN = 'invitation-token-1234567890';

describe('/invite#token=', () => {
  it('accepts with a name and a password, signs in and goes to /dashboard', async () => {
    const accept = vi.fn(() => ({
      token: 'member-token',
      user: { name: 'Branch Shop', contactNumber: '9876543210' },
      message: ACCOUNT_TEXTS.invitationAccepted,
    }));
    const { user, server, pathname } = await renderWithRouter({
      path: `/invite#token=${TOKEN}`,
      handlers: { 'public.invitations.accept': accept },
    });
    expect(await screen.findByRole('heading', { level: 1, name: INVITE_TEXT.title })).toBeInTheDocument();
    await user.type(screen.getByLabelText(INVITE_TEXT.name), 'Meera');
    await user.type(screen.getByLabelText(/^Password/), 'manager-pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'manager-pass');
    await user.click(screen.getByRole('button', { name: INVITE_TEXT.submit }));
    expect(await screen.findByText(ACCOUNT_TEXTS.invitationAccepted)).toBeInTheDocument();
    expect(server.callsTo('public.invitations.accept').map((c) => c.input)).toEqual([
      { token: TOKEN, password: 'manager-pass', name: 'Meera' },
    ]);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem('authToken')).toBe('member-token');
  });

  it("shows the server's refusal and stays", async () => {
    const { user, pathname } = await renderWithRouter({
      path: `/invite#token=${TOKEN}`,
      handlers: { 'public.invitations.accept': failsWith('BAD_REQUEST', ACCOUNT_TEXTS.invitationInvalid) },
    });
    await screen.findByRole('heading', { level: 1, name: INVITE_TEXT.title });
    await user.type(screen.getByLabelText(/^Password/), 'manager-pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'manager-pass');
    await user.click(screen.getByRole('button', { name: INVITE_TEXT.submit }));
    expect(await screen.findByText(ACCOUNT_TEXTS.invitationInvalid)).toBeInTheDocument();
    expect(pathname()).toBe('/invite');
  });

  it('says the link is invalid without a token', async () => {
    await renderWithRouter({ path: '/invite' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.invitationInvalid);
  });
});
