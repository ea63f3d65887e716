import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failingUntilRecovered } from '../../../admin/test/admin-actions.tsx';
import { cleanToastsBeforeEach, page, renderOwner } from '../../test/owner-test-utils.tsx';
import { BULK_TEXT } from '../bulk-bar/bulk-bar.tsx';
import { DRAWER_TEXT } from '../case-drawer/case-drawer.tsx';
import { CASE_LIST_TEXT } from '../case-list/case-list.tsx';
import { FILTER_TEXT } from '../filters-bar/filters-bar.tsx';
import { SHORTCUTS_TEXT } from '../inbox-shortcuts/shortcuts-help.tsx';
import { RESOLVE_TEXT } from '../resolve-dialog/resolve-dialog.tsx';
import { accountAnswer, assigneesAnswer, caseDetail, casesAnswer, kase, ME } from '../test/case-fixtures.ts';
import { INBOX_TEXT } from './inbox-screen.tsx';

cleanToastsBeforeEach();

const TITLE = 'Feedback inbox';
type TInput = Record<string, unknown>;

/** Three open cases, one overdue and assigned, across two branches. */
const ROWS = [
  kase(12, { message: 'Cold dosa and a long wait', rating: 1, overdue: true, assigneeId: 32 }),
  kase(11, {
    message: 'Rude staff at the counter',
    businessId: 2,
    channel: 'request',
    status: 'in_progress',
  }),
  kase(10, { message: 'Table was dirty', rating: 3 }),
];

/** The inbox's procedures; the list answers the rows (or the count for the sidebar). */
function inboxHandlers(more: Record<string, (input: unknown) => unknown> = {}) {
  return {
    'owner.account.get': () => accountAnswer,
    'owner.cases.assignees': () => assigneesAnswer,
    'owner.cases.list': (input: unknown) =>
      (input as TInput).limit === 1 ? casesAnswer([], 7) : casesAnswer(ROWS),
    'owner.cases.get': (input: unknown) => caseDetail((input as { id: number }).id),
    'owner.cases.replyTemplates': () => ({ templates: [] }),
    ...more,
  };
}

const listCalls = (app: Awaited<ReturnType<typeof renderOwner>>) =>
  app.server
    .callsTo('owner.cases.list')
    .map((c) => c.input as TInput)
    .filter((input) => input.limit !== 1);
const row = (id: number) =>
  screen.getByRole('button', { name: new RegExp(`^${CASE_LIST_TEXT.caseName(id)}`) });
const search = (app: Awaited<ReturnType<typeof renderOwner>>) =>
  app.router.state.location.search as Record<string, unknown>;

async function chooseOption(app: Awaited<ReturnType<typeof renderOwner>>, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('the feedback inbox', () => {
  it("shows what the team learns above the list: the last 30 days' figures of the branch filtered on", async () => {
    const overall = {
      cases: 8,
      responded: 6,
      medianFirstResponseMinutes: 95,
      resolved: 4,
      resolutionRate: 0.5,
      recovered: 3,
      recoveryRate: 0.75,
      overdue: 2,
    };
    const app = await renderOwner(
      '/dashboard/inbox',
      inboxHandlers({
        'owner.cases.figures': () => ({
          from: '2026-10-30',
          to: '2026-11-28',
          overall,
          branches: [],
          people: [],
        }),
      }),
      TITLE,
    );
    const figures = await screen.findByTestId('case-figures');
    expect(figures).toHaveTextContent('Median first response');
    expect(figures).toHaveTextContent('75%');
    expect(app.server.callsTo('owner.cases.figures')[0]?.input).toEqual({});
  });

  it('lists the open cases of every branch with their branch, assignee and channel, and counts them in the sidebar', async () => {
    const app = await renderOwner('/dashboard/inbox', inboxHandlers(), TITLE);
    await screen.findByText('Cold dosa and a long wait');
    expect(listCalls(app)[0]).toEqual({ page: 1, limit: 20, status: 'open' });
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chai Point, Pune');
    expect(rows[0]).toHaveTextContent('Vikram Manager');
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('Chai Point, Nashik');
    expect(rows[1]).toHaveTextContent('Review request');
    expect(rows[1]).toHaveTextContent('In progress');
    expect(rows[2]).toHaveTextContent('Unassigned');
    expect(page().getByText(INBOX_TEXT.count(3))).toBeInTheDocument();
    // The sidebar counts open cases (new, in progress, reopened) of every branch.
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(await nav.findByRole('link', { name: /Inbox\s*7/ })).toHaveAttribute('href', '/dashboard/inbox');
    expect(app.server.callsTo('owner.cases.list').some((c) => (c.input as TInput).status === 'open')).toBe(
      true,
    );
    // The inbox spans the branches itself: no branch switcher above it.
    // (the one Branch control is the inbox's filter).
    expect(screen.getAllByRole('combobox', { name: 'Branch' })).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Filters' })).toContainElement(
      screen.getByRole('combobox', { name: 'Branch' }),
    );
  });

  it('filters by rating, status and assignee, each kept in the URL', async () => {
    const app = await renderOwner('/dashboard/inbox', inboxHandlers(), TITLE);
    await screen.findByText('Cold dosa and a long wait');

    await chooseOption(app, FILTER_TEXT.rating, '1 star');
    await waitFor(() => expect(listCalls(app).at(-1)).toMatchObject({ rating: 1, status: 'open' }));
    expect(search(app)).toMatchObject({ rating: 1 });

    await chooseOption(app, FILTER_TEXT.status, FILTER_TEXT.all);
    await waitFor(() => expect(listCalls(app).at(-1)).not.toHaveProperty('status'));
    expect(search(app).status).toBe('all');

    await chooseOption(app, FILTER_TEXT.assignee, FILTER_TEXT.me);
    await waitFor(() => expect(listCalls(app).at(-1)).toMatchObject({ assigneeId: ME }));
  });

  it('filters by branch (the person’s own only), channel and overdue, together, and clears them', async () => {
    const app = await renderOwner(
      '/dashboard/inbox?status=all&rating=1&assigneeId=31',
      inboxHandlers(),
      TITLE,
    );
    await screen.findByText('Cold dosa and a long wait');

    // The branch filter offers only the branches the person works on.
    const branch = screen.getByRole('combobox', { name: FILTER_TEXT.branch });
    await app.user.click(branch);
    const options = document.getElementById(branch.getAttribute('aria-controls') ?? '')!;
    expect(
      within(options)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([FILTER_TEXT.any, 'Chai Point, Pune', 'Chai Point, Nashik']);
    await app.user.click(screen.getByRole('option', { name: 'Chai Point, Nashik', hidden: true }));
    await waitFor(() => expect(listCalls(app).at(-1)).toMatchObject({ businessId: 2 }));

    await chooseOption(app, FILTER_TEXT.channel, 'Review request');
    await waitFor(() => expect(listCalls(app).at(-1)).toMatchObject({ channel: 'request' }));

    await app.user.click(screen.getByRole('switch', { name: FILTER_TEXT.overdue }));
    await waitFor(() =>
      expect(listCalls(app).at(-1)).toEqual({
        page: 1,
        limit: 20,
        rating: 1,
        assigneeId: ME,
        businessId: 2,
        channel: 'request',
        overdue: true,
      }),
    );
    expect(search(app)).toMatchObject({ status: 'all', overdue: true, channel: 'request', businessId: 2 });

    await app.user.click(screen.getByRole('button', { name: FILTER_TEXT.clear }));
    // Back to the open cases of every branch (the first page's answer, still fresh, is shown again).
    await waitFor(() => expect(search(app)).toEqual({}));
    expect(screen.queryByRole('button', { name: FILTER_TEXT.clear })).toBeNull();
  });

  it('reads its filters from a link, and opens the case a link names (?case=12)', async () => {
    const app = await renderOwner('/dashboard/inbox?overdue=true&rating=1&case=12', inboxHandlers(), TITLE);
    const drawer = await screen.findByRole('dialog', { name: 'Case 12' });
    expect(await within(drawer).findByText('Complaint number 12')).toBeInTheDocument();
    expect(listCalls(app)[0]).toEqual({ page: 1, limit: 20, status: 'open', rating: 1, overdue: true });
    expect(app.server.callsTo('owner.cases.get')[0]?.input).toEqual({ id: 12 });

    await app.user.click(within(drawer).getByRole('button', { name: DRAWER_TEXT.close }));
    await waitFor(() => expect(search(app).case).toBeUndefined());
    expect(search(app)).toMatchObject({ overdue: true, rating: 1 });

    await app.user.click(row(10));
    await waitFor(() => expect(search(app).case).toBe(10));
    expect(await screen.findByRole('dialog', { name: 'Case 10' })).toBeInTheDocument();
  });

  /** The inbox with a bulk change that refuses to resolve case 12 and records its inputs. */
  async function bulkInbox() {
    const bulk: TInput[] = [];
    const app = await renderOwner(
      '/dashboard/inbox',
      inboxHandlers({
        'owner.cases.bulkUpdate': (input) => {
          const body = input as TInput & { ids: number[] };
          bulk.push(body);
          return {
            results: body.ids.map((id) =>
              id === 12 && body.status === 'resolved'
                ? { id, ok: false, message: 'A new case cannot be moved to resolved.' }
                : { id, ok: true, message: null },
            ),
            updated: body.ids.filter((id) => !(id === 12 && body.status === 'resolved')).length,
          };
        },
      }),
      TITLE,
    );
    await screen.findByText('Cold dosa and a long wait');
    return { app, bulk };
  }

  it('assigns the selected cases to me', async () => {
    const { app, bulk } = await bulkInbox();
    await app.user.click(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.select(12) }));
    await app.user.click(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.select(11) }));
    const bar = screen.getByRole('toolbar', { name: 'Selected cases' });
    expect(within(bar).getByText(BULK_TEXT.selected(2))).toBeInTheDocument();

    await app.user.click(within(bar).getByRole('button', { name: BULK_TEXT.assignToMe }));
    await waitFor(() => expect(bulk).toEqual([{ ids: [12, 11], assigneeId: ME }]));
    expect(await screen.findByText('Assigned 2 cases.')).toBeInTheDocument();
    // The selection is spent.
    expect(screen.queryByRole('toolbar', { name: 'Selected cases' })).toBeNull();
  });

  it('resolves the selected cases with an outcome, a new one started first, and says which were refused', async () => {
    const { app, bulk } = await bulkInbox();
    await app.user.click(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.selectAll }));
    await app.user.click(screen.getByRole('button', { name: BULK_TEXT.resolve }));
    const dialog = await screen.findByRole('dialog', { name: RESOLVE_TEXT.title(3) });
    await app.user.click(within(dialog).getByRole('radio', { name: /Recovered/ }));
    await app.user.click(within(dialog).getByRole('button', { name: RESOLVE_TEXT.resolve }));
    // 12 and 10 are new: started first; then all three resolved.
    await waitFor(() =>
      expect(bulk).toEqual([
        { ids: [12, 10], status: 'in_progress' },
        { ids: [12, 11, 10], status: 'resolved', outcome: 'recovered' },
      ]),
    );
    expect(
      await screen.findByText('Resolved 2 cases of 3. Case 12: A new case cannot be moved to resolved.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: RESOLVE_TEXT.title(3) })).toBeNull());
  });

  const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });
  /** The inbox with a bulk change that records its inputs. */
  async function keyboardInbox() {
    const bulk: TInput[] = [];
    const app = await renderOwner(
      '/dashboard/inbox',
      inboxHandlers({
        'owner.cases.bulkUpdate': (input) => {
          bulk.push(input as TInput);
          return { results: [{ id: 11, ok: true, message: null }], updated: 1 };
        },
      }),
      TITLE,
    );
    await screen.findByText('Cold dosa and a long wait');
    return { app, bulk };
  }

  it('moves with j/k, assigns with a, resolves with r, and goes to the filters with /', async () => {
    const { app, bulk } = await keyboardInbox();
    key('j');
    expect(row(12)).toHaveFocus();
    key('j');
    expect(row(11)).toHaveFocus();
    key('k');
    expect(row(12)).toHaveFocus();
    key('j');
    // a: the current case to me.
    key('a');
    await waitFor(() => expect(bulk).toEqual([{ ids: [11], assigneeId: ME }]));
    // r: the outcome dialog for the current case; the shortcuts wait while it is open.
    key('r');
    expect(await screen.findByRole('dialog', { name: RESOLVE_TEXT.title(1) })).toBeInTheDocument();
    key('a');
    expect(bulk).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: RESOLVE_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: RESOLVE_TEXT.title(1) })).toBeNull());
    // / goes to the filters; with Ctrl held, the browser keeps its shortcut.
    key('/');
    expect(screen.getByRole('combobox', { name: FILTER_TEXT.status })).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
    expect(screen.getByRole('combobox', { name: FILTER_TEXT.status })).toHaveFocus();
  });

  it('opens with Enter, moves between open cases with j, writes a note with n (typing moves nothing), closes with Esc', async () => {
    const { app } = await keyboardInbox();
    key('j');
    key('j');
    key('Enter');
    await waitFor(() => expect(search(app).case).toBe(11));
    await screen.findByRole('dialog', { name: 'Case 11' });
    key('j');
    await waitFor(() => expect(search(app).case).toBe(10));
    key('n');
    const note = await screen.findByRole('textbox', { name: DRAWER_TEXT.noteLabel });
    await waitFor(() => expect(note).toHaveFocus());
    await app.user.type(note, 'jk');
    expect(note).toHaveValue('jk');
    expect(search(app).case).toBe(10);
    key('Escape');
    await waitFor(() => expect(search(app).case).toBeUndefined());
  });

  it('lists the shortcuts on ?, and Esc closes the list', async () => {
    await keyboardInbox();
    key('?');
    const help = await screen.findByRole('table', { name: SHORTCUTS_TEXT.title });
    expect(within(help).getAllByRole('row', { hidden: true })).toHaveLength(9);
    expect(help).toHaveTextContent('Next case');
    key('Escape');
    await waitFor(() => expect(screen.queryByRole('table', { name: SHORTCUTS_TEXT.title })).toBeNull());
  });

  it('says when nothing matches, and offers Retry when the list fails', async () => {
    const list = failingUntilRecovered('Database unavailable', () => casesAnswer(ROWS));
    const app = await renderOwner(
      '/dashboard/inbox?rating=5',
      inboxHandlers({
        'owner.cases.list': (input) => ((input as TInput).limit === 1 ? casesAnswer([], 0) : list.handler()),
      }),
      TITLE,
    );
    expect(await screen.findByText(`Error: Database unavailable`)).toBeInTheDocument();
    list.recover();
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cold dosa and a long wait')).toBeInTheDocument();
  });

  it('says which filters found nothing', async () => {
    await renderOwner(
      '/dashboard/inbox?rating=5',
      inboxHandlers({ 'owner.cases.list': () => casesAnswer([]) }),
      TITLE,
    );
    expect(await screen.findByText(INBOX_TEXT.emptyFiltered)).toBeInTheDocument();
  });
});

describe('the feedback inbox in Hindi', () => {
  it("reads in the person's chosen language: filters, statuses, the count and the case buttons", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    const app = await renderOwner(
      '/dashboard/inbox',
      inboxHandlers({ 'owner.language.get': () => ({ language: 'hi' }) }),
      'फ़ीडबैक इनबॉक्स',
    );
    expect(await screen.findByText('3 केस')).toBeInTheDocument();
    expect(page().getByRole('combobox', { name: 'स्थिति' })).toBeInTheDocument();
    expect(page().getAllByText('नया').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /^केस 12: / })).toBeInTheDocument();
    // The case drawer too.
    await app.user.click(screen.getByRole('button', { name: /^केस 12: / }));
    const drawer = await screen.findByRole('dialog', { name: 'केस 12' });
    expect(within(drawer).getByRole('button', { name: 'सुलझाएँ…' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
