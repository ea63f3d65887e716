import { CHANNEL_TEXTS, INTEGRATION_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, page, renderOwner } from '../test/owner-test-utils.tsx';

cleanToastsBeforeEach();

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const whatsapp = (overrides: Record<string, unknown> = {}) => ({
  enabled: false,
  phoneNumberId: null,
  templateName: null,
  templateLanguage: null,
  accessTokenSet: false,
  secretUpdatedAt: null,
  ready: false,
  webhookReady: true,
  ...overrides,
});
const sms = {
  enabled: false,
  provider: 'gupshup',
  userId: null,
  passwordSet: false,
  secretUpdatedAt: null,
  principalEntityId: null,
  header: null,
  dltTemplateId: null,
  templateText: null,
  variables: [],
  ready: false,
  deliveryReportUrl: 'https://starloop.example/api/webhooks/sms/7/tok/delivery',
  inboundUrl: 'https://starloop.example/api/webhooks/sms/7/tok/inbound',
};

function handlers(allowed = true) {
  let channels = { whatsapp: whatsapp(), sms };
  const keys: unknown[] = [];
  return {
    'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
    'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
    'owner.channels.get': () => channels,
    'owner.channels.update': (input: unknown) => {
      const { accessToken, channel: _channel, ...rest } = input as Record<string, unknown>;
      channels = {
        ...channels,
        whatsapp: whatsapp({ ...rest, accessTokenSet: Boolean(accessToken), ready: true }),
      };
      return channels;
    },
    'owner.integrations.apiKeys.list': () => ({ keys, allowed }),
    'owner.integrations.apiKeys.create': (input: unknown) => {
      const apiKey = {
        id: 1,
        name: (input as { name: string }).name,
        prefix: 'sl_live_AbCd',
        createdAt: '2026-11-25T10:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      };
      keys.push(apiKey);
      return { apiKey, key: 'sl_live_AbCdSecretPartShownOnlyOnce', message: INTEGRATION_TEXTS.apiKeyCreated };
    },
    'owner.integrations.webhooks.list': () => ({
      endpoints: [],
      allowed,
      events: ['review.created', 'request.clicked'],
    }),
    'owner.integrations.webhooks.deliveries': () => ({ deliveries: [], nextBeforeId: null }),
  };
}

describe('settings: WhatsApp, SMS and integrations', () => {
  it('saves WhatsApp with the access token, which is then only "saved", never shown', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    const form = within(await page().findByRole('form', { name: 'WhatsApp settings' }));
    await app.user.type(form.getByLabelText('Phone number ID'), '106540352242922');
    await app.user.type(form.getByLabelText('Template name'), 'review_request');
    await app.user.type(form.getByLabelText(/^Access token/), 'EAAG-secret-token');
    await app.user.click(form.getByRole('switch', { name: 'Send review requests on WhatsApp' }));
    await app.user.click(form.getByRole('button', { name: 'Save WhatsApp' }));

    await waitFor(() => expect(app.server.callsTo('owner.channels.update')).toHaveLength(1));
    expect(app.server.callsTo('owner.channels.update')[0]?.input).toEqual({
      channel: 'whatsapp',
      enabled: true,
      phoneNumberId: '106540352242922',
      templateName: 'review_request',
      templateLanguage: 'en',
      accessToken: 'EAAG-secret-token',
    });
    expect(await screen.findByText(CHANNEL_TEXTS.saved)).toBeInTheDocument();
    expect(await form.findByText('Saved. Leave empty to keep it.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Access token/)).toHaveValue('');
    // The owner's own Gupshup callback URLs are shown to paste into the gateway.
    expect(page().getByText(sms.deliveryReportUrl)).toBeInTheDocument();
  });

  it('shows a new API key once', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    const form = within(await page().findByRole('form', { name: 'New API key' }));
    await app.user.type(form.getByLabelText('Key name'), 'Billing counter');
    await app.user.click(form.getByRole('button', { name: 'Create key' }));
    expect(await page().findByTestId('shown-once')).toHaveTextContent('sl_live_AbCdSecretPartShownOnlyOnce');
    expect(await page().findByText('Billing counter')).toBeInTheDocument();
  });

  it('tells an Essential owner that integrations are a Professional feature', async () => {
    await renderOwner('/dashboard/settings', handlers(false), 'Settings');
    expect(await page().findByText(INTEGRATION_TEXTS.professionalOnly)).toBeInTheDocument();
    expect(page().queryByRole('form', { name: 'New API key' })).not.toBeInTheDocument();
  });

  it('fills the channel forms from the saved settings; the secrets start empty', async () => {
    await renderOwner(
      '/dashboard/settings',
      {
        ...handlers(),
        'owner.channels.get': () => ({
          whatsapp: whatsapp({ phoneNumberId: '106540352242922', templateName: 'review_request' }),
          sms: { ...sms, userId: '2000123', header: 'STRLPS', passwordSet: true },
        }),
      },
      'Settings',
    );
    const whatsAppForm = within(await page().findByRole('form', { name: 'WhatsApp settings' }));
    expect(whatsAppForm.getByLabelText('Phone number ID')).toHaveValue('106540352242922');
    expect(whatsAppForm.getByLabelText('Template name')).toHaveValue('review_request');
    expect(whatsAppForm.getByLabelText(/^Template language/)).toHaveValue('en');
    expect(whatsAppForm.getByLabelText(/^Access token/)).toHaveValue('');
    const smsForm = within(page().getByRole('form', { name: 'SMS settings' }));
    expect(smsForm.getByLabelText('Gupshup user ID')).toHaveValue('2000123');
    expect(smsForm.getByLabelText('Sender ID (header)')).toHaveValue('STRLPS');
    expect(smsForm.getByLabelText(/^Gupshup password/)).toHaveValue('');
    expect(smsForm.getByText('Saved. Leave empty to keep it.')).toBeInTheDocument();
  });

  it("shows a new webhook endpoint's signing secret once", async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...handlers(),
        'owner.integrations.webhooks.create': (input: unknown) => ({
          endpoint: { id: 1, ...(input as object), createdAt: '2026-11-25T10:00:00.000Z' },
          secret: 'whsec_ShownOnlyOnce',
          message: INTEGRATION_TEXTS.webhookCreated,
        }),
      },
      'Settings',
    );
    const form = within(await page().findByRole('form', { name: 'New webhook endpoint' }));
    await app.user.type(form.getByLabelText('Endpoint URL'), 'https://pos.example/hooks');
    await app.user.click(form.getByRole('button', { name: 'Add endpoint' }));
    expect(await page().findByTestId('shown-once')).toHaveTextContent('whsec_ShownOnlyOnce');
    expect(page().getByText('Signing secret')).toBeInTheDocument();
    expect(form.getByLabelText('Endpoint URL')).toHaveValue('');
  });

  it('says "Failed to load webhooks" with the error, and retries', async () => {
    let fail = true;
    const base = handlers();
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...base,
        'owner.integrations.webhooks.list': () => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'Webhooks are resting');
          return base['owner.integrations.webhooks.list']();
        },
      },
      'Settings',
    );
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load webhooks');
    expect(alert).toHaveTextContent('Error: Webhooks are resting');
    expect(page().getByRole('form', { name: 'New API key' })).toBeInTheDocument();
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await page().findByRole('form', { name: 'New webhook endpoint' })).toBeInTheDocument();
  });
});
