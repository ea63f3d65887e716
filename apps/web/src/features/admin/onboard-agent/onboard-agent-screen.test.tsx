import { notifications } from '@mantine/notifications';
import type { TAgentDto } from '@starloop/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/onboard-agent';
const TITLE = 'Onboard Agent';

const agent: TAgentDto = {
  id: 9,
  code: 'AG0042',
  name: 'Sita Devi',
  email: 'sita@example.com',
  phone: '+919876543210',
  status: 'active',
  createdAt: '2026-11-05T09:30:00.000Z',
  updatedAt: '2026-11-05T09:30:00.000Z',
  _count: { users: 0 },
};

type TApp = Awaited<ReturnType<typeof renderAdmin>>;

async function fill(app: TApp, name: string, phone: string, email: string) {
  const field = (label: RegExp) => page().getByLabelText(label);
  await app.user.clear(field(/^Full Name/));
  await app.user.clear(field(/^Phone Number/));
  await app.user.clear(field(/^Email Address/));
  if (name) await app.user.type(field(/^Full Name/), name);
  if (phone) await app.user.type(field(/^Phone Number/), phone);
  if (email) await app.user.type(field(/^Email Address/), email);
  await app.user.click(page().getByRole('button', { name: 'Create Agent' }));
}

describe('Onboard Agent', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows every message of the Create Agent rules', async () => {
    const app = await renderAdmin(PATH, {}, TITLE);
    await fill(app, '', '', '');
    expect(page().getByText('Name is required')).toBeInTheDocument();
    expect(page().getByText('Phone number is required')).toBeInTheDocument();
    expect(page().getByText('Email is required')).toBeInTheDocument();

    await fill(app, 'S', '5876543210', 'sita@');
    expect(page().getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(page().getByText('Enter valid phone number')).toBeInTheDocument();
    expect(page().getByText('Enter valid email address')).toBeInTheDocument();
    expect(app.server.callsTo('admin.agents.create')).toHaveLength(0);
  });

  it('normalises before sending: the exact payload, Creating..., 3 s toast, form reset', async () => {
    const wait = pending();
    const app = await renderAdmin(PATH, { 'admin.agents.create': wait.handler }, TITLE);
    const show = vi.spyOn(notifications, 'show');
    await fill(app, '  Sita Devi  ', '+91 98765 43210', '  Sita.Devi@Example.COM ');

    expect(await page().findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(page().getByLabelText(/^Full Name/)).toBeDisabled();
    expect(app.server.callsTo('admin.agents.create')[0]?.input).toEqual({
      name: 'Sita Devi',
      phone: '+919876543210',
      email: 'sita.devi@example.com',
    });
    wait.resolve({ success: true, agent });
    expect(await screen.findByText('Agent created successfully!')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ autoClose: 3000, message: 'Agent created successfully!' }),
    );
    await waitFor(() => expect(page().getByLabelText(/^Full Name/)).toHaveValue(''));
    expect(page().getByText('Sita Devi is agent AG0042')).toBeInTheDocument();
  });

  it("shows the server's message for 4 s, else the fallback", async () => {
    let message = 'An agent with this email already exists';
    const app = await renderAdmin(
      PATH,
      {
        'admin.agents.create': () => {
          throw trpcError('CONFLICT', message, 'email');
        },
      },
      TITLE,
    );
    const show = vi.spyOn(notifications, 'show');
    await fill(app, 'Sita Devi', '9876543210', 'sita@example.com');
    expect(await screen.findByText('An agent with this email already exists')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ autoClose: 4000, message: 'An agent with this email already exists' }),
    );
    message = '';
    await app.user.click(page().getByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText('Failed to create agent. Please try again.')).toBeInTheDocument();
  });
});
