import type { TAdminAccount } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { page, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/admins';
const TITLE = 'Admins Management';

const admin = (id: number, overrides: Partial<TAdminAccount> = {}): TAdminAccount => ({
  id,
  name: `Admin ${id}`,
  email: `admin${id}@starloop.in`,
  role: 'admin',
  status: 'active',
  createdAt: '2026-01-15T09:30:00.000Z',
  lastLogin: null,
  ...overrides,
});

const many = [
  admin(1, { name: 'Meera Super', role: 'super_admin', lastLogin: '2026-11-04T10:15:00.000Z' }),
  ...Array.from({ length: 11 }, (_, i) => admin(i + 2)),
];

describe('Admins management', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows Total Admins and pages 10 at a time on the client', async () => {
    const app = await renderAdmin(PATH, { 'admin.admins.list': () => ({ admins: many }) }, TITLE);
    await page().findByText('Meera Super');
    expect(screen.getByRole('region', { name: 'Total Admins' })).toHaveTextContent('12');
    const table = screen.getByRole('table', { name: 'Admins' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Email', 'Created', 'Actions']);
    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText('Admin 12')).toBeInTheDocument();
    expect(app.server.callsTo('admin.admins.list')).toHaveLength(1);
  });

  it('accepts a plain array too and searches name, email and role (back to page 1)', async () => {
    const app = await renderAdmin(PATH, { 'admin.admins.list': () => many }, TITLE);
    await page().findByText('Meera Super');
    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    await app.user.type(page().getByLabelText('Search admins'), 'super');
    await waitFor(() => expect(page().getByText('Meera Super')).toBeInTheDocument());
    expect(page().queryByText('Admin 2')).toBeNull();
    await app.user.clear(page().getByLabelText('Search admins'));
    await app.user.type(page().getByLabelText('Search admins'), 'admin7@');
    expect(await page().findByText('Admin 7')).toBeInTheDocument();
    await app.user.type(page().getByLabelText('Search admins'), 'nobody');
    expect(await page().findByText('No admins found')).toBeInTheDocument();
  });

  it('shows Admin Details: purple super_admin badge, last login or Never', async () => {
    const app = await renderAdmin(PATH, { 'admin.admins.list': () => ({ admins: many }) }, TITLE);
    await app.user.click(await page().findByRole('button', { name: 'View admin Meera Super' }));
    let dialog = await screen.findByRole('dialog', { name: 'Admin Details' });
    const badge = within(dialog).getByText('Super Admin');
    expect(badge.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('purple');
    expect(dialog).toHaveTextContent('04 Nov 2026');
    expect(dialog).toHaveTextContent('active');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await app.user.click(page().getByRole('button', { name: 'View admin Admin 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Admin Details' });
    expect(dialog).toHaveTextContent('Never');
    expect(within(dialog).getByText('Admin').closest('.mantine-Badge-root')?.getAttribute('style')).toContain(
      'blue',
    );
  });

  it('says when the admins could not be loaded, with Retry', async () => {
    let fail = true;
    const app = await renderAdmin(
      PATH,
      {
        'admin.admins.list': () => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR');
          return { admins: many };
        },
      },
      TITLE,
    );
    expect(await page().findByRole('alert')).toHaveTextContent('Failed to load admins. Please try again.');
    fail = false;
    await app.user.click(page().getByRole('button', { name: 'Retry' }));
    expect(await page().findByText('Meera Super')).toBeInTheDocument();
  });
});
