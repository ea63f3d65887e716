import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { renderWithRouter } from '../../../test/render-with-router.tsx';
import {
  cleanToastsBeforeEach,
  deferred,
  meta,
  ownerHandlers,
  page,
  renderOwner,
} from '../test/owner-test-utils.tsx';

/*
 * The campaign's and the customer's pages (defineDetailRoute): the id in the path is validated by
 * the route (a bad one is the app's 404, without a call), the loader starts the record's request
 * (on hover too) and the screen takes that answer over, keeping its own skeleton and error box.
 */

const TITLE = 'Review Requests';

cleanToastsBeforeEach();

const figures = {
  sent: 2,
  delivered: 2,
  read: 0,
  failed: 0,
  clicked: 1,
  reviewed: 1,
  ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
  averageRating: 5,
  optedOut: 0,
  requests: 2,
  waiting: 0,
  cancelled: 0,
  remindersSent: 0,
};

function campaign(id: number) {
  return {
    id,
    name: `Campaign ${id}`,
    status: 'sent',
    sendAt: '2026-11-25T06:30:00.000Z',
    reminderAfterDays: null,
    selected: 2,
    skipped: { optedOut: 0, noConsent: 0, tooSoon: 0, noChannel: 0, notFound: 0 },
    createdAt: '2026-11-25T06:30:00.000Z',
    figures,
    byChannel: [{ channel: 'email', ...figures }],
  };
}

function contactHistory(id: number) {
  return {
    contact: {
      id,
      name: `Customer ${id}`,
      phone: '+919800000003',
      email: null,
      consent: true,
      consentAt: '2026-11-20T00:00:00.000Z',
      consentSource: 'in-person',
      optedOutAt: null,
      optOutSource: null,
      lastRequestedAt: null,
      createdAt: '2026-11-20T00:00:00.000Z',
    },
    requests: [],
  };
}

const handlers = {
  'owner.requests.getCampaign': (input: unknown) => campaign((input as { id: number }).id),
  'owner.requests.contactHistory': (input: unknown) => contactHistory((input as { id: number }).id),
  'owner.requests.listCampaigns': () => ({ campaigns: [campaign(9)], meta: meta(1, 1, 10) }),
};

describe('request detail routes', () => {
  it("opens a campaign's page, asking the server once (the loader's request is the screen's)", async () => {
    const app = await renderOwner('/dashboard/requests/campaigns/9', handlers, TITLE);
    expect(await page().findByRole('heading', { name: 'Campaign 9' })).toBeInTheDocument();
    expect(page().getByRole('table', { name: 'By channel' })).toBeInTheDocument();
    expect(app.server.callsTo('owner.requests.getCampaign').map((call) => call.input)).toEqual([{ id: 9 }]);
    expect(app.router.state.matches.at(-1)?.params).toEqual({ campaignId: 9 });
  });

  it("opens a customer's page, asking the server once", async () => {
    const app = await renderOwner('/dashboard/requests/contacts/3', handlers, TITLE);
    expect(await page().findByRole('heading', { name: 'Customer 3' })).toBeInTheDocument();
    expect(app.server.callsTo('owner.requests.contactHistory').map((call) => call.input)).toEqual([
      { id: 3 },
    ]);
  });

  it.each([
    '/dashboard/requests/campaigns/abc',
    '/dashboard/requests/campaigns/0',
    '/dashboard/requests/campaigns/-1',
    '/dashboard/requests/campaigns/1.5',
    '/dashboard/requests/campaigns/012',
    '/dashboard/requests/campaigns/99999999999999999999',
    '/dashboard/requests/contacts/abc',
    '/dashboard/requests/contacts/0',
  ])('shows the 404 page for %s, without calling the server', async (path) => {
    const app = await renderWithRouter({ path, handlers: ownerHandlers(handlers), authToken: 'owner-token' });
    const main = await screen.findByRole('main', { name: 'Page Not Found' });
    expect(within(main).getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(app.server.callsTo('owner.requests.getCampaign')).toEqual([]);
    expect(app.server.callsTo('owner.requests.contactHistory')).toEqual([]);
  });

  it('preloads a campaign when its link is hovered, and the page takes that answer', async () => {
    const app = await renderOwner('/dashboard/requests?tab=campaigns', handlers, TITLE);
    const link = await page().findByRole('link', { name: 'Campaign 9' });
    expect(link).toHaveAttribute('href', '/dashboard/requests/campaigns/9');
    expect(app.server.callsTo('owner.requests.getCampaign')).toEqual([]);

    await app.user.hover(link);
    await waitFor(() =>
      expect(app.server.callsTo('owner.requests.getCampaign').map((call) => call.input)).toEqual([{ id: 9 }]),
    );
    await app.user.click(link);
    expect(await page().findByRole('heading', { name: 'Campaign 9' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard/requests/campaigns/9');
    expect(app.server.callsTo('owner.requests.getCampaign')).toHaveLength(1);
  });

  it('shows the skeleton while the record loads (the loader does not hold the page back)', async () => {
    const answer = deferred();
    const app = await renderOwner(
      '/dashboard/requests/contacts/3',
      { ...handlers, 'owner.requests.contactHistory': answer.handler },
      TITLE,
    );
    expect(app.pathname()).toBe('/dashboard/requests/contacts/3');
    expect(page().queryByRole('heading', { name: 'Customer 3' })).toBeNull();
    expect(screen.getByRole('main').querySelector('.mantine-Skeleton-root')).not.toBeNull();
    answer.resolve(contactHistory(3));
    expect(await page().findByRole('heading', { name: 'Customer 3' })).toBeInTheDocument();
  });

  it("shows the screen's error box with Retry when the record cannot be loaded", async () => {
    let fail = true;
    const app = await renderOwner(
      '/dashboard/requests/campaigns/9',
      {
        ...handlers,
        'owner.requests.getCampaign': (input: unknown) =>
          fail ? failsWith('NOT_FOUND', 'Campaign not found')() : campaign((input as { id: number }).id),
      },
      TITLE,
    );
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load campaign');
    expect(alert).toHaveTextContent('Error: Campaign not found');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await page().findByRole('heading', { name: 'Campaign 9' })).toBeInTheDocument();
  });
});
