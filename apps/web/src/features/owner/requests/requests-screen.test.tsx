import { REQUEST_TEXTS, ZRequestSettingsUpdate } from '@starloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, meta, page, renderOwner, requestSummary } from '../test/owner-test-utils.tsx';

// The file goes up by XMLHttpRequest (progress events): the test plays the server's preview.
const upload = vi.hoisted(() => ({ uploadContactsFile: vi.fn() }));
vi.mock('./upload-contacts.ts', () => upload);

const TITLE = 'Review Requests';

cleanToastsBeforeEach();
beforeEach(() => upload.uploadContactsFile.mockReset());

function contact(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Customer ${id}`,
    phone: `+9198000000${String(id).padStart(2, '0')}`,
    email: `c${id}@example.in` as string | null,
    consent: true,
    consentAt: '2026-11-20T00:00:00.000Z',
    consentSource: 'in-person',
    optedOutAt: null as string | null,
    optOutSource: null as string | null,
    lastRequestedAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

const figures = (overrides: Record<string, unknown> = {}) => ({
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  clicked: 0,
  reviewed: 0,
  ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  averageRating: null,
  optedOut: 0,
  requests: 0,
  waiting: 0,
  cancelled: 0,
  remindersSent: 0,
  ...overrides,
});

/** A campaign's (and its email channel's) figures: two emails sent, one clicked and reviewed with 5 stars. */
const twoEmailsOneFiveStarReview = {
  sent: 2,
  delivered: 2,
  clicked: 1,
  reviewed: 1,
  ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
  averageRating: 5,
};

function campaign(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Diwali thanks',
    status: 'sent',
    sendAt: '2026-11-25T06:30:00.000Z',
    reminderAfterDays: 3,
    selected: 2,
    skipped: { optedOut: 0, noConsent: 0, tooSoon: 0, noChannel: 0, notFound: 0 },
    createdAt: '2026-11-25T06:30:00.000Z',
    figures: figures({ requests: 2, ...twoEmailsOneFiveStarReview }),
    byChannel: [{ channel: 'email', ...figures(twoEmailsOneFiveStarReview) }],
    ...overrides,
  };
}

/** A small requests server: a list of contacts and the calls the screen makes. */
function requestsServer(
  rows = [
    contact(1),
    contact(2),
    contact(3, { optedOutAt: '2026-11-21T00:00:00.000Z', optOutSource: 'stop-reply' }),
  ],
) {
  const calls: Record<string, unknown[]> = {};
  const record = (path: string, input: unknown) => {
    calls[path] = [...(calls[path] ?? []), input];
  };
  let list = [...rows];
  return {
    calls,
    handlers: {
      'owner.requests.summary': () =>
        requestSummary({
          usage: { month: '2026-11', used: 12, limit: 100 },
          reviewsFromRequests: 4,
          averageFromRequests: 4.5,
        }),
      'owner.requests.listContacts': (input: unknown) => {
        record('list', input);
        return {
          contacts: list,
          meta: meta(list.length, 1, 10),
          counts: { total: list.length, optedOut: list.filter((c) => c.optedOutAt).length },
        };
      },
      'owner.requests.addContact': (input: unknown) => {
        record('add', input);
        const created = contact(10, { name: 'Asha', phone: '+919876543210', email: null });
        list = [created, ...list];
        return { contact: created, merged: false, message: REQUEST_TEXTS.contactAdded };
      },
      'owner.requests.send': (input: unknown) => {
        record('send', input);
        return {
          success: true,
          message: REQUEST_TEXTS.requestQueued,
          requestId: 1,
          contactId: 1,
          status: 'sending',
          sendAt: '2026-11-25T06:30:00.000Z',
        };
      },
      'owner.requests.optOutContact': (input: unknown) => {
        record('optOut', input);
        list = list.map((c) =>
          c.id === (input as { id: number }).id
            ? { ...c, optedOutAt: '2026-11-25T00:00:00.000Z', optOutSource: 'owner' }
            : c,
        );
        return { success: true, message: REQUEST_TEXTS.optedOut };
      },
      'owner.requests.commitImport': (input: unknown) => {
        record('commit', input);
        const n = calls.commit!.length;
        return {
          importId: 5,
          total: 1500,
          processed: Math.min(1500, n * 1000),
          created: 0,
          merged: 0,
          skipped: 0,
          done: n >= 2,
          message: n >= 2 ? REQUEST_TEXTS.importDone(1400, 100) : '',
        };
      },
      'owner.requests.createCampaign': (input: unknown) => {
        record('campaign', input);
        return { ...campaign(9, { status: 'sending' }), message: REQUEST_TEXTS.campaignCreated };
      },
      'owner.requests.getCampaign': () => campaign(9),
      'owner.requests.listCampaigns': () => ({ campaigns: [campaign(9)], meta: meta(1, 1, 10) }),
      'owner.requests.getSettings': () => ({
        intervalDays: 90,
        channelOrder: ['whatsapp', 'sms', 'email'],
        availableChannels: ['email'],
      }),
      'owner.requests.updateSettings': (input: unknown) => {
        record('settings', input);
        return { ...(input as object), availableChannels: ['email'] };
      },
    },
  };
}

const table = () => within(page().getByRole('table', { name: 'Customers' }));

describe('review requests screen', () => {
  it('shows the month against the plan, reviews from requests and the customers', async () => {
    const server = requestsServer();
    await renderOwner('/dashboard/requests', server.handlers, TITLE);
    expect(await page().findByText('12 of 100 used this month')).toBeInTheDocument();
    expect(page().getByRole('region', { name: 'Reviews from requests' })).toHaveTextContent('4');
    expect(await table().findByText('Customer 1')).toBeInTheDocument();
    expect(table().getByText('Replied STOP')).toBeInTheDocument();
    expect(page().getByText('3 customers, 1 opted out')).toBeInTheDocument();
  });

  it('adds a customer, sends one request now and marks one opted out', async () => {
    const user = userEvent.setup();
    const server = requestsServer();
    await renderOwner('/dashboard/requests', server.handlers, TITLE);
    await table().findByText('Customer 1');

    await user.click(page().getByRole('button', { name: 'Add customer' }));
    const add = await screen.findByRole('dialog', { name: 'Add customer' });
    await user.type(within(add).getByLabelText('Name'), 'Asha');
    await user.type(within(add).getByLabelText(/^Phone/), '98765 43210');
    await user.click(within(add).getByLabelText(/agreed to get messages/));
    await user.click(within(add).getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText(REQUEST_TEXTS.contactAdded)).toBeInTheDocument();
    expect(server.calls.add).toEqual([
      { name: 'Asha', phone: '98765 43210', consent: true, consentSource: 'in-person' },
    ]);

    const row = (await table().findByText('Customer 2')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Send request' }));
    const send = await screen.findByRole('dialog', { name: 'Send a review request' });
    await user.click(within(send).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(REQUEST_TEXTS.requestQueued)).toBeInTheDocument();
    expect(server.calls.send).toEqual([{ contactId: 2 }]);

    await user.click(within(row).getByRole('button', { name: 'Opt out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Opt this customer out?' });
    await user.click(within(confirm).getByRole('button', { name: 'Opt out' }));
    expect(await screen.findByText(REQUEST_TEXTS.optedOut)).toBeInTheDocument();
    expect(server.calls.optOut).toEqual([{ id: 2 }]);
  });

  it('says why a request cannot go (the server refuses it)', async () => {
    const user = userEvent.setup();
    const server = requestsServer();
    await renderOwner(
      '/dashboard/requests',
      {
        ...server.handlers,
        'owner.requests.send': failsWith('FORBIDDEN', REQUEST_TEXTS.tooSoon(90), 'contactId'),
      },
      TITLE,
    );
    const row = (await table().findByText('Customer 1')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Send request' }));
    const send = await screen.findByRole('dialog', { name: 'Send a review request' });
    await user.click(within(send).getByRole('button', { name: 'Send now' }));
    expect(await within(send).findByText(REQUEST_TEXTS.tooSoon(90))).toBeInTheDocument();
  });

  it('imports a file: preview with per-row errors, then the import in chunks with a progress bar', async () => {
    const user = userEvent.setup();
    const server = requestsServer();
    upload.uploadContactsFile.mockImplementation(async (...args: unknown[]) => {
      const onProgress = args[2];
      if (typeof onProgress === 'function') {
        onProgress(0.5);
        onProgress(1);
      }
      return {
        importId: 5,
        fileName: 'customers.csv',
        total: 1502,
        valid: 1500,
        invalid: 2,
        toCreate: 1400,
        toMerge: 100,
        duplicatesInFile: 0,
        columns: { name: 'Name', phone: 'Mobile', email: null, consent: 'Consent' },
        errors: [
          {
            row: 7,
            name: 'Ravi',
            phone: null,
            email: null,
            consent: true,
            action: 'error',
            errors: [REQUEST_TEXTS.phoneInvalid],
          },
          {
            row: 9,
            name: null,
            phone: null,
            email: null,
            consent: false,
            action: 'error',
            errors: [REQUEST_TEXTS.contactNeedsPhoneOrEmail],
          },
        ],
        sample: [
          {
            row: 2,
            name: 'Meera',
            phone: '+919800000001',
            email: null,
            consent: true,
            action: 'create',
            errors: [],
          },
        ],
      };
    });
    await renderOwner('/dashboard/requests', server.handlers, TITLE);
    await table().findByText('Customer 1');
    await user.click(page().getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import customers' });
    const file = new File(['Name,Mobile\nMeera,9800000001\n'], 'customers.csv', { type: 'text/csv' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await user.click(within(dialog).getByLabelText(/All of these customers agreed/));
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const errors = within(await within(dialog).findByRole('table', { name: 'Rows with errors' }));
    expect(errors.getByText(REQUEST_TEXTS.phoneInvalid)).toBeInTheDocument();
    expect(errors.getByText(REQUEST_TEXTS.contactNeedsPhoneOrEmail)).toBeInTheDocument();
    expect(upload.uploadContactsFile).toHaveBeenCalledWith(
      file,
      { consentForAll: true, consentSource: 'in-person' },
      expect.any(Function),
    );
    expect(server.calls.commit).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Import 1,500 customers' }));
    expect(await within(dialog).findByText(REQUEST_TEXTS.importDone(1400, 100))).toBeInTheDocument();
    expect(server.calls.commit).toEqual([{ importId: 5 }, { importId: 5 }]);
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  });

  it('starts a campaign for the ticked customers and opens its figures per channel', async () => {
    const user = userEvent.setup();
    const server = requestsServer();
    await renderOwner('/dashboard/requests', server.handlers, TITLE);
    await user.click(await table().findByLabelText('Choose Customer 1'));
    await user.click(table().getByLabelText('Choose Customer 2'));
    expect(table().getByLabelText('Choose Customer 3')).toBeDisabled();
    await user.click(page().getByRole('button', { name: 'New campaign (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await user.type(within(dialog).getByLabelText('Campaign name'), 'Diwali thanks');
    await user.click(within(dialog).getByRole('button', { name: 'Send campaign' }));
    expect(await screen.findByText(REQUEST_TEXTS.campaignCreated)).toBeInTheDocument();
    expect(server.calls.campaign).toEqual([
      { name: 'Diwali thanks', contactIds: [1, 2], reminderAfterDays: 3 },
    ]);
    const byChannel = within(await page().findByRole('table', { name: 'By channel' }));
    const email = byChannel.getByText('Email').closest('tr') as HTMLElement;
    expect(
      within(email)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Email', '2', '2', '0', '0', '1', '1', '5★ 1', '0']);
    await waitFor(() =>
      expect(page().getByRole('region', { name: 'Reviewed' })).toHaveTextContent('Average 5.0'),
    );
  });

  it("checks the request settings with the schema's message, then saves the days and channel order", async () => {
    const user = userEvent.setup();
    const server = requestsServer();
    await renderOwner('/dashboard/requests', server.handlers, TITLE);
    await user.click(page().getByRole('tab', { name: 'Settings' }));
    const days = await page().findByRole('textbox', { name: /Ask one customer at most once every/ });
    await waitFor(() => expect(days).toHaveValue('90'));

    // Only a pasted fraction gets past the field's own min/max: the schema refuses it.
    await user.tripleClick(days);
    await user.paste('45.5');
    await user.click(page().getByRole('button', { name: 'Save settings' }));
    const message = ZRequestSettingsUpdate.safeParse({ intervalDays: 45.5 }).error?.issues[0]?.message;
    expect(page().getByText(message as string)).toBeInTheDocument();
    expect(server.calls.settings).toBeUndefined();

    await user.tripleClick(days);
    await user.keyboard('120');
    await user.click(page().getByRole('button', { name: 'Move Email up' }));
    await user.click(page().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(REQUEST_TEXTS.settingsSaved)).toBeInTheDocument();
    expect(server.calls.settings).toEqual([
      { intervalDays: 120, channelOrder: ['whatsapp', 'email', 'sms'] },
    ]);
    expect(page().queryByText(message as string)).toBeNull();
  });

  it('lists the campaigns with their figures', async () => {
    const user = userEvent.setup();
    const server = requestsServer();
    await renderOwner('/dashboard/requests', server.handlers, TITLE);
    await user.click(await page().findByRole('tab', { name: 'Campaigns' }));
    const campaigns = within(await page().findByRole('table', { name: 'Campaigns' }));
    expect(await campaigns.findByText('Diwali thanks')).toBeInTheDocument();
    await user.click(page().getByRole('tab', { name: 'Settings' }));
    expect(await page().findByLabelText(/Ask one customer at most once every/)).toHaveValue('90');
  });
});

/** The screen with longer lists: `contacts` customers and `campaigns` campaigns, 10 a page. */
async function openPaged(path: string, { contacts = 25, campaigns = 25 } = {}) {
  const server = requestsServer();
  const app = await renderOwner(
    path,
    {
      ...server.handlers,
      'owner.requests.listContacts': (input: unknown) => {
        const { page: at } = input as { page: number };
        return {
          contacts: [contact(at)],
          meta: meta(contacts, at, 10),
          counts: { total: contacts, optedOut: 0 },
        };
      },
      'owner.requests.listCampaigns': (input: unknown) => {
        const { page: at } = input as { page: number };
        return { campaigns: [campaign(at, { name: `Campaign ${at}` })], meta: meta(campaigns, at, 10) };
      },
    },
    TITLE,
  );
  const search = () => app.router.state.location.search as Record<string, unknown>;
  const inputs = (path: string) => app.server.callsTo(path).map((call) => call.input);
  return { app, search, inputs };
}

describe('review requests screen: the tab and both lists live in the URL', () => {
  it('opens a deep link to a page of customers, searched and filtered, asking the server once', async () => {
    const { inputs } = await openPaged('/dashboard/requests?page=2&search=asha&filter=opted-out');
    expect(await table().findByText('Customer 2')).toBeInTheDocument();
    expect(inputs('owner.requests.listContacts')).toEqual([
      { page: 2, limit: 10, search: 'asha', filter: 'opted-out' },
    ]);
    expect(inputs('owner.requests.listCampaigns')).toEqual([]);
    expect(page().getByRole('searchbox')).toHaveValue('asha');
    expect(page().getByRole('radio', { name: 'Opted out' })).toBeChecked();
    expect(page().getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes the search, the filter and the page to the URL; a new search or filter goes back to page 1', async () => {
    const { app, search, inputs } = await openPaged('/dashboard/requests?page=2');
    await table().findByText('Customer 2');
    expect(inputs('owner.requests.listContacts')).toEqual([{ page: 2, limit: 10, filter: 'all' }]);

    await app.user.type(page().getByRole('searchbox'), 'ravi');
    await waitFor(() => expect(search()).toEqual({ search: 'ravi' }));
    await waitFor(() =>
      expect(inputs('owner.requests.listContacts')).toContainEqual({
        page: 1,
        limit: 10,
        search: 'ravi',
        filter: 'all',
      }),
    );

    await app.user.click(page().getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search()).toEqual({ search: 'ravi', page: 3 }));
    await app.user.click(page().getByText('Can be asked'));
    await waitFor(() => expect(search()).toEqual({ search: 'ravi', filter: 'reachable' }));
    await app.user.click(page().getByText('All'));
    await waitFor(() => expect(search()).toEqual({ search: 'ravi' }));
  });

  it('sends a reader of a page that no longer exists to the last one', async () => {
    const { search } = await openPaged('/dashboard/requests?page=9');
    await waitFor(() => expect(search()).toEqual({ page: 3 }));
  });

  it("keeps the tab and the campaigns' own page in the URL, apart from the customers' page", async () => {
    const { app, search, inputs } = await openPaged(
      '/dashboard/requests?tab=campaigns&campaignsPage=2&page=3',
    );
    const campaigns = within(await page().findByRole('table', { name: 'Campaigns' }));
    expect(await campaigns.findByText('Campaign 2')).toBeInTheDocument();
    expect(page().getByRole('tab', { name: 'Campaigns' })).toHaveAttribute('aria-selected', 'true');
    // Only the open tab's list is asked for.
    expect(inputs('owner.requests.listCampaigns')).toEqual([{ page: 2, limit: 10 }]);
    expect(inputs('owner.requests.listContacts')).toEqual([]);

    await app.user.click(page().getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(search()).toEqual({ tab: 'campaigns', page: 3 }));

    // The customers' tab is the default: it leaves the URL.
    await app.user.click(page().getByRole('tab', { name: 'Customers' }));
    await waitFor(() => expect(search()).toEqual({ page: 3 }));
    expect(await table().findByText('Customer 3')).toBeInTheDocument();
    expect(inputs('owner.requests.listContacts')).toEqual([{ page: 3, limit: 10, filter: 'all' }]);

    await app.user.click(page().getByRole('tab', { name: 'Settings' }));
    await waitFor(() => expect(search()).toEqual({ tab: 'settings', page: 3 }));
    expect(await page().findByLabelText(/Ask one customer at most once every/)).toHaveValue('90');
  });

  it('ignores param values it does not know', async () => {
    const { search, inputs } = await openPaged('/dashboard/requests?tab=secret&filter=everyone&page=0');
    await table().findByText('Customer 1');
    expect(page().getByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true');
    expect(inputs('owner.requests.listContacts')).toEqual([{ page: 1, limit: 10, filter: 'all' }]);
    expect(search()).toEqual({});
  });
});

describe('review requests in Hindi', () => {
  it("reads in the person's chosen language: figures, tabs, the customers and their count", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    const server = requestsServer();
    const app = await renderOwner(
      '/dashboard/requests',
      { ...server.handlers, 'owner.language.get': () => ({ language: 'hi' }) },
      'रिव्यू अनुरोध',
    );
    expect(await page().findByText('इस महीने 100 में से 12 इस्तेमाल हुए')).toBeInTheDocument();
    expect(page().getByRole('tab', { name: 'कैंपेन' })).toBeInTheDocument();
    const customers = within(await page().findByRole('table', { name: 'ग्राहक' }));
    expect(await customers.findByText('STOP लिखकर जवाब दिया')).toBeInTheDocument();
    expect(page().getByText('3 ग्राहक, 1 ऑप्ट-आउट')).toBeInTheDocument();
    // The import dialog too.
    await app.user.click(page().getByRole('button', { name: 'इंपोर्ट करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'ग्राहक इंपोर्ट करें' });
    expect(within(dialog).getByRole('button', { name: 'फ़ाइल जाँचें' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
