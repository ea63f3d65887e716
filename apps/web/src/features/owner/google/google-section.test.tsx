import { GOOGLE_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { fill } from '../../../test/fill.ts';
import { cleanToastsBeforeEach, meta, page, renderOwner, review, stats } from '../test/owner-test-utils.tsx';

cleanToastsBeforeEach();

// Mantine's autosizing Textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

function status(overrides: Record<string, unknown> = {}) {
  return {
    enabled: true,
    status: 'not_connected',
    accountName: null,
    locationName: null,
    locationTitle: null,
    newReviewUri: null,
    connectedAt: null,
    sync: {
      state: 'idle',
      firstImportDone: false,
      importDone: 0,
      importTotal: null,
      lastSyncedAt: null,
      lastError: null,
      lastErrorAt: null,
    },
    replyRules: [],
    reviewCount: 0,
    ...overrides,
  };
}

const settings = {
  'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
  'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
};

const locations = {
  accounts: [
    {
      name: 'accounts/111',
      accountName: 'Sharma Family',
      locations: [
        {
          name: 'locations/1001',
          title: 'Sharma Sweets, Pune',
          address: 'MG Road, Pune',
          newReviewUri: 'https://g.page/r/x/review',
        },
      ],
    },
  ],
};

describe('settings: Google Business Profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is hidden when the server has no Google credentials', async () => {
    await renderOwner(
      '/dashboard/settings',
      { ...settings, 'owner.google.status': () => status({ enabled: false }) },
      'Settings',
    );
    await page().findByRole('heading', { name: 'Notifications' });
    expect(page().queryByRole('heading', { name: 'Google Business Profile' })).not.toBeInTheDocument();
  });

  it('sends the owner to Google to connect', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...settings,
        'owner.google.status': () => status(),
        'owner.google.connect': () => ({
          authorizationUrl: 'https://accounts.example/o/oauth2/v2/auth?state=s',
        }),
      },
      'Settings',
    );
    await app.user.click(await page().findByRole('button', { name: 'Connect Google Business Profile' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example/o/oauth2/v2/auth?state=s'),
    );
  });

  it('finishes the consent once on return, then lets the owner choose the location', async () => {
    let current = status();
    const app = await renderOwner(
      '/dashboard/settings?code=4%2Fabc&state=state-one',
      {
        ...settings,
        'owner.google.status': () => current,
        'owner.google.finishConnect': () => {
          current = status({ status: 'choose_location' });
          return current;
        },
        'owner.google.locations': () => locations,
        'owner.google.selectLocation': () => {
          current = status({
            status: 'active',
            locationTitle: 'Sharma Sweets, Pune',
            sync: { ...status().sync, state: 'importing', importDone: 150, importTotal: 600 },
          });
          return current;
        },
      },
      'Settings',
    );
    const radio = await page().findByRole('radio', { name: /Sharma Sweets, Pune/ });
    expect(app.server.callsTo('owner.google.finishConnect')).toHaveLength(1);
    expect(app.server.callsTo('owner.google.finishConnect')[0]!.input).toEqual({
      code: '4/abc',
      state: 'state-one',
    });
    // The code and state leave the address bar.
    expect(app.router.state.location.search).toEqual({});
    await app.user.click(radio);
    await app.user.click(page().getByRole('button', { name: 'Use this location' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.google.selectLocation')[0]?.input).toEqual({
        accountName: 'accounts/111',
        locationName: 'locations/1001',
        useForReviewLink: true,
      }),
    );
    expect(await page().findByText(/Importing your Google reviews… 150 of 600/)).toBeInTheDocument();
    expect(page().getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it('says why a consent failed', async () => {
    await renderOwner(
      '/dashboard/settings?code=4%2Fold&state=state-used',
      {
        ...settings,
        'owner.google.status': () => status(),
        'owner.google.finishConnect': failsWith('BAD_REQUEST', GOOGLE_TEXTS.stateInvalid),
      },
      'Settings',
    );
    expect(await page().findByText(GOOGLE_TEXTS.stateInvalid)).toBeInTheDocument();
  });

  it('shows the last sync error, syncs on demand and saves the reply rules', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...settings,
        'owner.google.status': () =>
          status({
            status: 'active',
            locationTitle: 'Sharma Sweets, Pune',
            reviewCount: 2500,
            sync: {
              ...status().sync,
              firstImportDone: true,
              lastSyncedAt: '2026-11-25T10:00:00.000Z',
              lastError: 'Google quota reached; StarLoop will try again shortly.',
            },
          }),
        'owner.google.sync': () => ({ success: true, message: GOOGLE_TEXTS.syncQueued }),
        'owner.google.updateRules': (input: unknown) =>
          status({ status: 'active', replyRules: (input as { rules: unknown }).rules }),
      },
      'Settings',
    );
    expect(
      await page().findByText('Google quota reached; StarLoop will try again shortly.'),
    ).toBeInTheDocument();
    await app.user.click(page().getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(app.server.callsTo('owner.google.sync')).toHaveLength(1));
    const five = page().getByRole('radiogroup', { name: '5-star replies' });
    await app.user.click(within(five).getByText('Publish by itself'));
    await app.user.click(page().getByRole('button', { name: 'Save reply rules' }));
    await waitFor(() => expect(app.server.callsTo('owner.google.updateRules')).toHaveLength(1));
    const rules = (
      app.server.callsTo('owner.google.updateRules')[0]!.input as {
        rules: { rating: number; mode: string; delayMinutes: number }[];
      }
    ).rules;
    expect(rules.find((r) => r.rating === 5)).toEqual({ rating: 5, mode: 'auto', delayMinutes: 120 });
    expect(rules.find((r) => r.rating === 1)).toMatchObject({ mode: 'ask' });
  });
});

describe('dashboard: Google reviews', () => {
  const googleSide = {
    reviewerName: 'Vikram',
    replyStatus: 'drafted',
    replyDraft: 'Dear Vikram, we are sorry.',
    googleReply: null,
    googleReplyAt: null,
    publishAfter: null,
    replyError: null,
    updatedOnGoogle: '2026-02-05T10:30:00.000Z',
  };
  const googleReview = (id: number, overrides: Record<string, unknown> = {}) =>
    review(id, {
      source: 'google',
      message: 'Stale samosa',
      customerContact: 'Vikram',
      replyStatus: 'drafted',
      replyText: 'Dear Vikram, we are sorry.',
      google: googleSide,
      ...overrides,
    });

  it('marks reviews by source, filters by source, shows the reconnect banner and publishes a reply', async () => {
    const lists: unknown[] = [];
    const app = await renderOwner(
      '/dashboard',
      {
        'owner.google.status': () => status({ status: 'revoked' }),
        'owner.dashboard.stats': () =>
          stats({
            sources: ['qr', 'google'],
            bySource: { qr: { count: 5, averageRating: 4 }, google: { count: 20, averageRating: 3.9 } },
          }),
        'owner.dashboard.reviews': (input: unknown) => {
          lists.push(input);
          return { reviews: [googleReview(9), review(3, { source: 'qr' })], meta: meta(2) };
        },
        'owner.dashboard.review': () => googleReview(9),
        'owner.google.publishReply': (input: unknown) =>
          googleReview(9, {
            google: {
              ...googleSide,
              replyStatus: 'publishing',
              replyDraft: (input as { text: string }).text,
            },
          }),
      },
      /Hi,/,
    );
    expect(await screen.findByText(GOOGLE_TEXTS.revoked)).toBeInTheDocument();
    expect(await page().findByTestId('stats-sources')).toHaveTextContent(
      'Cards and charts count QR and Google reviews (QR 5 · Google 20).',
    );
    const sources = within(await page().findByRole('radiogroup', { name: 'Review source' }));
    expect(await page().findByText('Google', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    await app.user.click(sources.getByText('Google'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ source: 'google' }));

    await app.user.click(page().getByRole('button', { name: 'Open review 1' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Review details' }));
    expect(drawer.getByText('Google review by')).toBeInTheDocument();
    const box = drawer.getByRole('textbox', { name: 'Your reply' });
    expect(box).toHaveValue('Dear Vikram, we are sorry.');
    await app.user.clear(box);
    // The button waits for a reply; the schema says what is missing.
    expect(drawer.getByText(GOOGLE_TEXTS.replyRequired)).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Publish to Google' })).toBeDisabled();
    await fill(app.user, box, '  Sorry Vikram, fresh samosas on us next time. ');
    expect(drawer.queryByText(GOOGLE_TEXTS.replyRequired)).toBeNull();
    await app.user.click(drawer.getByRole('button', { name: 'Publish to Google' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.google.publishReply')[0]?.input).toEqual({
        id: 9,
        text: 'Sorry Vikram, fresh samosas on us next time.',
      }),
    );
    expect(app.server.callsTo('owner.dashboard.review')[0]?.input).toEqual({ id: 9, source: 'google' });
  });
});
