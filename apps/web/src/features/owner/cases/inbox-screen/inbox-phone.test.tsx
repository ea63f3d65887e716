import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../../../../lib/phone-layout.ts';
import { cleanToastsBeforeEach, renderOwner } from '../../test/owner-test-utils.tsx';
import { BULK_TEXT } from '../bulk-bar/bulk-bar.tsx';
import { DRAWER_TEXT } from '../case-drawer/case-drawer.tsx';
import { CASE_LIST_TEXT } from '../case-list/case-list.tsx';
import { FILTER_TEXT } from '../filters-bar/filters-bar.tsx';
import { accountAnswer, assigneesAnswer, caseDetail, casesAnswer, kase, ME } from '../test/case-fixtures.ts';
import { INBOX_TEXT } from './inbox-screen.tsx';

cleanToastsBeforeEach();

// A phone's screen (360 px wide): this file runs isolated (vite.config.ts), as it sets the window's size.
beforeAll(() => {
  (window as unknown as { happyDOM: { setViewport: (v: object) => void } }).happyDOM.setViewport({
    width: 360,
    height: 740,
  });
});

type TInput = Record<string, unknown>;

async function renderPhone(path = '/dashboard/inbox') {
  return renderOwner(
    path,
    {
      'owner.account.get': () => accountAnswer,
      'owner.cases.assignees': () => assigneesAnswer,
      'owner.cases.list': () =>
        casesAnswer([kase(12, { message: 'Cold dosa' }), kase(11, { message: 'Slow' })]),
      'owner.cases.get': (input) => caseDetail((input as { id: number }).id),
      'owner.cases.replyTemplates': () => ({ templates: [] }),
      'owner.cases.bulkUpdate': (input) => ({
        results: (input as { ids: number[] }).ids.map((id) => ({ id, ok: true, message: null })),
        updated: (input as { ids: number[] }).ids.length,
      }),
    },
    'Feedback inbox',
  );
}

describe('the feedback inbox on a phone', () => {
  it('is a phone here', () => {
    expect(window.matchMedia(PHONE_QUERY).matches).toBe(true);
  });

  it('shows cards, not a table, with Filters, Mine and Overdue in the bottom bar', async () => {
    const app = await renderPhone();
    await screen.findByText('Cold dosa');
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('Cold dosa')),
    ).toHaveLength(1);
    // The filters live in a sheet the bottom bar opens.
    expect(screen.queryByRole('combobox', { name: FILTER_TEXT.status })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: INBOX_TEXT.filters }));
    const sheet = await screen.findByRole('dialog', { name: INBOX_TEXT.filtersTitle });
    expect(within(sheet).getByRole('combobox', { name: FILTER_TEXT.status })).toBeInTheDocument();
    await app.user.click(within(sheet).getByRole('switch', { name: FILTER_TEXT.overdue }));
    await app.user.click(within(sheet).getByRole('button', { name: INBOX_TEXT.showCases }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ overdue: true }));
    expect(screen.getByRole('button', { name: `${INBOX_TEXT.filters} (1)` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: INBOX_TEXT.overdue })).toHaveAttribute('aria-pressed', 'true');

    await app.user.click(screen.getByRole('button', { name: INBOX_TEXT.mine }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ assigneeId: ME }));
  });

  it('turns the bottom bar into the selection’s actions', async () => {
    const app = await renderPhone();
    await screen.findByText('Cold dosa');
    await app.user.click(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.select(11) }));
    const bar = screen.getByRole('toolbar', { name: 'Selected cases' });
    expect(within(bar).queryByRole('combobox')).toBeNull();
    await app.user.click(within(bar).getByRole('button', { name: BULK_TEXT.assignToMe }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.bulkUpdate')[0]?.input as TInput).toEqual({
        ids: [11],
        assigneeId: ME,
      }),
    );
  });

  it('opens a case full screen with Reply, Assign to me and Resolve at the bottom', async () => {
    const app = await renderPhone();
    await app.user.click(await screen.findByRole('button', { name: /^Case 12:/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Case 12' });
    await within(drawer).findByText('Complaint number 12');
    const actions = within(drawer).getByRole('toolbar', { name: 'Case actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([DRAWER_TEXT.reply, DRAWER_TEXT.assignToMe, DRAWER_TEXT.resolve]);
    // Full screen: the drawer's content is as wide as the screen.
    const root = drawer.closest('.mantine-Drawer-root');
    expect(root?.getAttribute('style')).toContain('--drawer-size: 100%');
  });
});
