import type { TLeadDto } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith, type TFakeHandlers, trpcError } from '../../../test/fake-trpc.ts';
import { openDialog } from '../test/admin-actions.tsx';
import { lastInputOf, meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/leads';
const TITLE = 'Leads Management';
const lastInput = lastInputOf('admin.leads.list');

function lead(overrides: Partial<TLeadDto> = {}): TLeadDto {
  return {
    id: 21,
    name: 'Kiran Shah',
    email: 'kiran@example.com',
    contactNumber: '9988776655',
    bussiness: 'Shah Sweets',
    subject: 'demo',
    message: 'We have four outlets and want a demo.',
    source: 'website',
    status: 'new',
    createdAt: '2026-11-01T09:30:00.000Z',
    updatedAt: '2026-11-03T11:00:00.000Z',
    ...overrides,
  };
}

const list = (leads: TLeadDto[], total = leads.length, p = 1) => ({
  leads,
  meta: meta(total, p),
  counts: { totalLeads: 60, newLeads: 20, contactedLeads: 15, convertedLeads: 10, thisMonthLeads: 8 },
});

const card = (label: string) => screen.getByRole('region', { name: label });

/** Opens the screen listing one lead (Kiran Shah), with more or other procedures. */
function open(handlers: TFakeHandlers = {}) {
  return renderAdmin(PATH, { 'admin.leads.list': () => list([lead()]), ...handlers }, TITLE);
}

describe('Leads management', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the five cards, the columns and the status colours', async () => {
    await renderAdmin(
      PATH,
      {
        'admin.leads.list': () =>
          list([
            lead(),
            lead({ id: 22, name: 'B', status: 'contacted' }),
            lead({ id: 23, name: 'C', status: 'converted' }),
            lead({ id: 24, name: 'D', status: 'closed' }),
          ]),
      },
      TITLE,
    );
    const row = (await page().findByText('Kiran Shah')).closest('tr')!;
    for (const [label, value] of [
      ['Total Leads', '60'],
      ['New Leads', '20'],
      ['Contacted', '15'],
      ['Converted', '10'],
      ['This Month', '8'],
    ]) {
      expect(card(label!)).toHaveTextContent(value!);
    }
    expect(row).toHaveTextContent('Schedule a Demo');
    expect(row).toHaveTextContent('Shah Sweets');
    const table = screen.getByRole('table', { name: 'Leads' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'ID',
      'Name',
      'Email',
      'Contact',
      'Business',
      'Subject',
      'Source',
      'Status',
      'Created',
      'Actions',
    ]);
    const colour = (status: string) =>
      within(table).getByText(status).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(colour('new')).toContain('blue');
    expect(colour('contacted')).toContain('yellow');
    expect(colour('converted')).toContain('green');
    expect(colour('closed')).toContain('gray');
  });

  it('sorts ID, Name, Email, Source, Status and Created with the spec rule', async () => {
    const app = await open();
    await page().findByText('Kiran Shah');
    const table = screen.getByRole('table', { name: 'Leads' });
    for (const name of ['ID', 'Name', 'Email', 'Source', 'Status', 'Created']) {
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(table).queryByRole('button', { name: 'Contact' })).toBeNull();
    await app.user.click(within(table).getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ page: 1, limit: 10, sortBy: 'email', sortOrder: 'asc' }),
    );
    await app.user.click(within(table).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'email', sortOrder: 'desc' }));
    await app.user.click(within(table).getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'status', sortOrder: 'asc' }));
  });

  it('filters the loaded page on its fields and shows the empty texts', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.leads.list': () =>
          list([lead(), lead({ id: 22, name: 'Anil', message: 'Call me about pricing' })]),
      },
      TITLE,
    );
    await page().findByText('Anil');
    const calls = app.server.callsTo('admin.leads.list').length;
    await app.user.type(page().getByPlaceholderText('Search leads...'), 'PRICING');
    await waitFor(() => expect(page().queryByText('Kiran Shah')).toBeNull());
    expect(page().getByText('Anil')).toBeInTheDocument();
    await app.user.type(page().getByPlaceholderText('Search leads...'), 'zzz');
    expect(await page().findByText('No leads found matching your search.')).toBeInTheDocument();
    expect(app.server.callsTo('admin.leads.list')).toHaveLength(calls);
  });

  it("shows 'No leads available.' and no pagination without rows", async () => {
    await renderAdmin(PATH, { 'admin.leads.list': () => list([]) }, TITLE);
    expect(await page().findByText('No leads available.')).toBeInTheDocument();
    expect(page().queryByText(/Showing/)).toBeNull();
  });

  it('shows the dismissible fetch banner', async () => {
    const app = await renderAdmin(PATH, { 'admin.leads.list': failsWith('INTERNAL_SERVER_ERROR') }, TITLE);
    expect(await page().findByRole('alert')).toHaveTextContent('Failed to fetch leads. Please try again.');
    await app.user.click(page().getByRole('button', { name: 'Dismiss' }));
    expect(page().queryByRole('alert')).toBeNull();
  });

  it('shows View Lead with every field', async () => {
    const app = await open();
    const dialog = await openDialog(app, 'View lead Kiran Shah', 'View Lead');
    for (const text of [
      'kiran@example.com',
      '9988776655',
      'Shah Sweets',
      'Schedule a Demo',
      'Website',
      'four outlets',
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).toHaveTextContent('01 Nov 2026');
    expect(dialog).toHaveTextContent('03 Nov 2026');
  });

  it('validates Edit Lead with the live counter', async () => {
    const app = await open();
    const dialog = await openDialog(app, 'Edit lead Kiran Shah', 'Edit Lead');
    expect(dialog).toHaveTextContent('37/2,000 characters');
    for (const label of [/^Name/, /^Email/, /^Contact number/, /^Subject/, /^Message/]) {
      await app.user.clear(within(dialog).getByLabelText(label));
    }
    expect(dialog).toHaveTextContent('0/2,000 characters');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    for (const message of [
      'Name is required',
      'Email is required',
      'Contact number is required',
      'Subject is required',
      'Message is required',
    ]) {
      expect(dialog).toHaveTextContent(message);
    }
    await app.user.click(within(dialog).getByLabelText(/^Message/));
    await app.user.paste('x'.repeat(2001));
    expect(dialog).toHaveTextContent('2,001/2,000 characters');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(dialog).toHaveTextContent('Message must be at most 2000 characters');
    expect(app.server.callsTo('admin.leads.update')).toHaveLength(0);
  });

  it('saves a lead: Saving..., the payload, then the dialog closes and the page reloads', async () => {
    const wait = pending();
    const app = await open({ 'admin.leads.update': wait.handler });
    const dialog = await openDialog(app, 'Edit lead Kiran Shah', 'Edit Lead');
    await app.user.clear(within(dialog).getByLabelText(/^Business/));
    await app.user.selectOptions(within(dialog).getByLabelText('Status'), 'contacted');
    await app.user.selectOptions(within(dialog).getByLabelText('Source'), 'referral');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(app.server.callsTo('admin.leads.update')[0]?.input).toEqual({
      id: 21,
      name: 'Kiran Shah',
      email: 'kiran@example.com',
      contactNumber: '9988776655',
      bussiness: '',
      subject: 'demo',
      message: 'We have four outlets and want a demo.',
      source: 'referral',
      status: 'contacted',
    });
    const before = app.server.callsTo('admin.leads.list').length;
    wait.resolve({ success: true, lead: lead({ status: 'contacted' }) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Lead' })).toBeNull());
    await waitFor(() => expect(app.server.callsTo('admin.leads.list').length).toBeGreaterThan(before));
    expect(lastInput(app)).toEqual({ page: 1, limit: 10 });
  });

  it('shows the update failure banner', async () => {
    const app = await open({ 'admin.leads.update': failsWith('INTERNAL_SERVER_ERROR') });
    const dialog = await openDialog(app, 'Edit lead Kiran Shah', 'Edit Lead');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update lead. Please try again.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(page().getByRole('alert')).toHaveTextContent('Failed to update lead. Please try again.');
  });

  it('deletes a lead with Deleting..., or shows the delete failure banner', async () => {
    const wait = pending();
    let fail = true;
    const app = await open({
      'admin.leads.delete': () => {
        if (fail) throw trpcError('INTERNAL_SERVER_ERROR');
        return wait.handler();
      },
    });
    const dialog = await openDialog(app, 'Delete lead Kiran Shah', 'Delete Lead');
    expect(dialog).toHaveTextContent(
      'Delete the lead from Kiran Shah (kiran@example.com)? This cannot be undone.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete lead. Please try again.',
    );

    fail = false;
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    const before = app.server.callsTo('admin.leads.list').length;
    wait.resolve({ success: true, message: 'Lead deleted successfully' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Lead' })).toBeNull());
    await waitFor(() => expect(app.server.callsTo('admin.leads.list').length).toBeGreaterThan(before));
    expect(app.server.callsTo('admin.leads.delete').at(-1)?.input).toEqual({ id: 21 });
  });
});
