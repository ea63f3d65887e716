import type { TAuditEntry } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { renderWithRouter } from '../../../test/render-with-router.tsx';
import { plainAdmin, SUPER_ADMIN } from '../test/admin-fixtures.ts';
import { lastInputOf, meta, page, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { actionLabel, detailsText } from './audit-screen.tsx';

const PATH = '/admin-dashboard/audit';
const TITLE = 'Audit Log';
const lastInput = lastInputOf('admin.audit.list');

const entry = (id: number, overrides: Partial<TAuditEntry> = {}): TAuditEntry => ({
  id,
  actorKind: 'admin',
  actorId: 1,
  actorName: 'Meera Super',
  action: 'user.update',
  targetTable: 'owners',
  targetId: 40 + id,
  ip: '203.0.113.7',
  details: { fields: ['name', 'status'], status: ['active', 'pending'] },
  createdAt: '2026-11-25T09:30:00.000Z',
  ...overrides,
});

const ENTRIES = [
  entry(3),
  entry(2, {
    actorKind: 'owner',
    actorId: 9,
    actorName: 'Chai Point',
    action: 'owner.sign_in',
    targetId: 9,
    details: { via: 'password' },
  }),
  entry(1, {
    actorKind: 'system',
    actorId: null,
    actorName: null,
    action: 'admin.create',
    targetTable: 'admins',
    targetId: 5,
    ip: null,
    details: { email: 'new@starloop.in', role: 'admin', via: 'cli' },
  }),
];

const answer = (entries = ENTRIES, total = entries.length, page = 1) => ({
  success: true as const,
  entries,
  meta: meta(total, page, 20),
});

const SUPER = SUPER_ADMIN;
const PLAIN = plainAdmin();

describe('Audit Log', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('lists who did what, to which row, from where, newest first', async () => {
    await renderAdmin(PATH, { 'admin.audit.list': () => answer(), 'admin.auth.me': () => SUPER }, TITLE);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Chai Point');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Target', 'Address', 'Details']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Meera Super');
    expect(rows[0]).toHaveTextContent('Admin #1');
    expect(rows[0]).toHaveTextContent('User update');
    expect(rows[0]).toHaveTextContent('owners #43');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[0]).toHaveTextContent('fields: name, status; status: active → pending');
    expect(rows[1]).toHaveTextContent('Owner #9');
    expect(rows[2]).toHaveTextContent('Command line');
    expect(screen.getByRole('region', { name: 'Entries' })).toHaveTextContent('3');
  });

  it('filters by action and actor and searches on the server, back to page 1', async () => {
    const app = await renderAdmin(
      `${PATH}?page=2`,
      { 'admin.audit.list': () => answer(ENTRIES, 45, 2), 'admin.auth.me': () => SUPER },
      TITLE,
    );
    await page().findByText('Chai Point');
    expect(app.server.callsTo('admin.audit.list')[0]?.input).toEqual({ page: 2, limit: 20 });

    await app.user.selectOptions(page().getByLabelText('Action'), 'owner.sign_in');
    await waitFor(() => expect(lastInput(app)).toEqual({ page: 1, limit: 20, action: 'owner.sign_in' }));
    await app.user.selectOptions(page().getByLabelText('Who'), 'owner');
    await app.user.type(page().getByLabelText('Search the audit log'), '203.0.113');
    await waitFor(() =>
      expect(lastInput(app)).toEqual({
        page: 1,
        limit: 20,
        search: '203.0.113',
        action: 'owner.sign_in',
        actorKind: 'owner',
      }),
    );
    expect(app.pathname()).toBe(PATH);
  });

  it('takes a date range from the URL and sends it', async () => {
    const app = await renderAdmin(
      `${PATH}?from=2026-11-01&to=2026-11-25&actorKind=robot`,
      { 'admin.audit.list': () => answer(), 'admin.auth.me': () => SUPER },
      TITLE,
    );
    await page().findByText('Chai Point');
    // An unknown actor in a hand-edited URL is dropped, never sent.
    expect(app.server.callsTo('admin.audit.list')[0]?.input).toEqual({
      page: 1,
      limit: 20,
      from: '2026-11-01',
      to: '2026-11-25',
    });
    expect(page().getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('says when nothing matches, and shows the refusal a plain admin would get', async () => {
    await renderAdmin(
      PATH,
      {
        'admin.audit.list': failsWith('FORBIDDEN', 'You do not have permission to do that.'),
        'admin.auth.me': () => PLAIN,
      },
      TITLE,
    );
    expect(await page().findByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(page().getByText('Failed to load the audit log. Please try again.')).toBeInTheDocument();
  });

  it('shows the sidebar link to super admins only', async () => {
    const superApp = await renderWithRouter({
      path: '/admin-dashboard/account',
      adminToken: 'admin-token',
      handlers: {
        'admin.auth.me': () => SUPER,
        'admin.security.get': () => ({ twoFactorRequired: false, updatedAt: null }),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', PATH);
    superApp.unmount();

    await renderWithRouter({
      path: '/admin-dashboard/account',
      adminToken: 'admin-token',
      handlers: { 'admin.auth.me': () => PLAIN },
    });
    const plainNav = await screen.findByRole('navigation', { name: 'Admin' });
    await within(plainNav).findByRole('link', { name: 'My Account' });
    await screen.findByText(`${PLAIN.name} · ${PLAIN.email}`);
    expect(within(plainNav).queryByRole('link', { name: 'Audit Log' })).toBeNull();
  });

  it('labels actions and details plainly', () => {
    expect(actionLabel('two_factor.recovery_code_use')).toBe('Two factor recovery code use');
    expect(detailsText({ type: 'payments', recipient: 'cfo@chain.in' })).toBe(
      'type: payments; recipient: cfo@chain.in',
    );
    expect(detailsText({ role: ['admin', 'super_admin'], nested: { a: 1 } })).toBe(
      'role: admin → super_admin; nested: {"a":1}',
    );
  });
});
