import { CHANNEL_TEXTS, INTEGRATION_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith, trpcError } from '../../../test/fake-trpc.ts';
import { fill } from '../../../test/fill.ts';
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
  caseTemplateName: null,
  caseReady: false,
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
  caseDltTemplateId: null,
  caseTemplateText: null,
  caseReady: false,
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
      events: ['review.created', 'request.clicked', 'case.created', 'case.resolved'],
    }),
    'owner.integrations.webhooks.deliveries': () => ({ deliveries: [], nextBeforeId: null }),
  };
}

/** Settings, where creating a webhook endpoint answers its signing secret once. */
const openWithWebhookCreate = () =>
  renderOwner(
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

describe('settings: WhatsApp, SMS and integrations', () => {
  it('saves WhatsApp with the access token, which is then only "saved", never shown', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    const form = within(await page().findByRole('form', { name: 'WhatsApp settings' }));
    await fill(app.user, form.getByLabelText('Phone number ID'), '106540352242922');
    await fill(app.user, form.getByLabelText('Template name'), 'review_request');
    await fill(app.user, form.getByLabelText(/^Access token/), 'EAAG-secret-token');
    await app.user.click(form.getByRole('switch', { name: 'Send review requests on WhatsApp' }));
    await app.user.click(form.getByRole('button', { name: 'Save WhatsApp' }));

    await waitFor(() => expect(app.server.callsTo('owner.channels.update')).toHaveLength(1));
    expect(app.server.callsTo('owner.channels.update')[0]?.input).toEqual({
      channel: 'whatsapp',
      enabled: true,
      phoneNumberId: '106540352242922',
      templateName: 'review_request',
      templateLanguage: 'en',
      caseTemplateName: null,
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
    await fill(app.user, form.getByLabelText('Key name'), 'Billing counter');
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
    const app = await openWithWebhookCreate();
    const form = within(await page().findByRole('form', { name: 'New webhook endpoint' }));
    await fill(app.user, form.getByLabelText('Endpoint URL'), 'https://pos.example/hooks');
    await app.user.click(form.getByRole('button', { name: 'Add endpoint' }));
    expect(await page().findByTestId('shown-once')).toHaveTextContent('whsec_ShownOnlyOnce');
    expect(page().getByText('Signing secret')).toBeInTheDocument();
    expect(form.getByLabelText('Endpoint URL')).toHaveValue('');
  });

  it("checks a WhatsApp form with the schema's messages before saving; an empty token keeps the saved one", async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...handlers(),
        'owner.channels.get': () => ({ whatsapp: whatsapp({ accessTokenSet: true }), sms }),
      },
      'Settings',
    );
    const form = within(await page().findByRole('form', { name: 'WhatsApp settings' }));
    await fill(app.user, form.getByLabelText('Phone number ID'), 'abc');
    await fill(app.user, form.getByLabelText('Template name'), 'Review Request');
    await app.user.click(form.getByRole('button', { name: 'Save WhatsApp' }));
    expect(form.getByText(CHANNEL_TEXTS.phoneNumberIdInvalid)).toBeInTheDocument();
    expect(form.getByText(CHANNEL_TEXTS.templateNameInvalid)).toBeInTheDocument();
    expect(form.getByLabelText('Phone number ID')).toHaveAttribute('aria-invalid', 'true');
    expect(app.server.callsTo('owner.channels.update')).toHaveLength(0);

    await app.user.clear(form.getByLabelText('Phone number ID'));
    await fill(app.user, form.getByLabelText('Phone number ID'), ' 106540352242922 ');
    await app.user.clear(form.getByLabelText('Template name'));
    await fill(app.user, form.getByLabelText('Template name'), 'review_request');
    expect(form.queryByText(CHANNEL_TEXTS.phoneNumberIdInvalid)).toBeNull();
    await app.user.click(form.getByRole('button', { name: 'Save WhatsApp' }));
    await waitFor(() => expect(app.server.callsTo('owner.channels.update')).toHaveLength(1));
    const sent = app.server.callsTo('owner.channels.update')[0]?.input;
    expect(sent).toEqual({
      channel: 'whatsapp',
      enabled: false,
      phoneNumberId: '106540352242922',
      templateName: 'review_request',
      templateLanguage: 'en',
      caseTemplateName: null,
    });
    expect(sent).not.toHaveProperty('accessToken');
    expect(await screen.findByText(CHANNEL_TEXTS.saved)).toBeInTheDocument();
  });

  it("shows the server's message under the channel field it names, and says so in a toast", async () => {
    const message = CHANNEL_TEXTS.incomplete('the Gupshup password');
    const app = await renderOwner(
      '/dashboard/settings',
      { ...handlers(), 'owner.channels.update': failsWith('BAD_REQUEST', message, 'password') },
      'Settings',
    );
    const form = within(await page().findByRole('form', { name: 'SMS settings' }));
    await app.user.click(form.getByRole('switch', { name: 'Send review requests by SMS' }));
    await fill(app.user, form.getByLabelText('Sender ID (header)'), 'strlps');
    await app.user.click(form.getByRole('button', { name: 'Save SMS' }));
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(form.getByLabelText(/^Gupshup password/)).toHaveAttribute('data-invalid', 'true');
    expect(await screen.findByText(`Could not save. ${message}`)).toBeInTheDocument();
    expect(app.server.callsTo('owner.channels.update')[0]?.input).toEqual({
      channel: 'sms',
      enabled: true,
      userId: null,
      principalEntityId: null,
      header: 'STRLPS',
      dltTemplateId: null,
      templateText: null,
      variables: [],
      caseDltTemplateId: null,
      caseTemplateText: null,
    });
  });

  it("checks a new API key's name and webhook endpoint with the schema's messages", async () => {
    const app = await openWithWebhookCreate();
    const keyForm = within(await page().findByRole('form', { name: 'New API key' }));
    await fill(app.user, keyForm.getByLabelText('Key name'), '   ');
    await app.user.click(keyForm.getByRole('button', { name: 'Create key' }));
    expect(keyForm.getByText(INTEGRATION_TEXTS.apiKeyNameRequired)).toBeInTheDocument();
    await fill(app.user, keyForm.getByLabelText('Key name'), 'x'.repeat(61));
    await app.user.click(keyForm.getByRole('button', { name: 'Create key' }));
    expect(keyForm.getByText(INTEGRATION_TEXTS.apiKeyNameMax)).toBeInTheDocument();
    expect(app.server.callsTo('owner.integrations.apiKeys.create')).toHaveLength(0);
    await app.user.clear(keyForm.getByLabelText('Key name'));
    await fill(app.user, keyForm.getByLabelText('Key name'), ' Billing counter ');
    await app.user.click(keyForm.getByRole('button', { name: 'Create key' }));
    expect(await page().findByTestId('shown-once')).toHaveTextContent('sl_live_AbCdSecretPartShownOnlyOnce');
    expect(app.server.callsTo('owner.integrations.apiKeys.create')[0]?.input).toEqual({
      name: 'Billing counter',
    });
    expect(keyForm.getByLabelText('Key name')).toHaveValue('');

    const hookForm = within(page().getByRole('form', { name: 'New webhook endpoint' }));
    await fill(app.user, hookForm.getByLabelText('Endpoint URL'), 'pos.example/hooks');
    // Every event is ticked for a new endpoint: untick them all.
    for (const event of ['review.created', 'request.clicked', 'case.created', 'case.resolved']) {
      await app.user.click(hookForm.getByRole('checkbox', { name: event }));
    }
    await app.user.click(hookForm.getByRole('button', { name: 'Add endpoint' }));
    expect(hookForm.getByText(INTEGRATION_TEXTS.webhookUrlInvalid)).toBeInTheDocument();
    expect(hookForm.getByText(INTEGRATION_TEXTS.webhookEventsRequired)).toBeInTheDocument();
    expect(app.server.callsTo('owner.integrations.webhooks.create')).toHaveLength(0);
    await app.user.clear(hookForm.getByLabelText('Endpoint URL'));
    await fill(app.user, hookForm.getByLabelText('Endpoint URL'), 'https://pos.example/hooks');
    await app.user.click(hookForm.getByRole('checkbox', { name: 'request.clicked' }));
    await app.user.click(hookForm.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(app.server.callsTo('owner.integrations.webhooks.create')).toHaveLength(1));
    expect(app.server.callsTo('owner.integrations.webhooks.create')[0]?.input).toEqual({
      url: 'https://pos.example/hooks',
      events: ['request.clicked'],
    });
    // The events stay for the next endpoint; the URL empties.
    await waitFor(() => expect(hookForm.getByLabelText('Endpoint URL')).toHaveValue(''));
    expect(hookForm.getByRole('checkbox', { name: 'request.clicked' })).toBeChecked();
  });

  it('says "Failed to load webhooks" with the error, and retries', async () => {
    let fail = true;
    const base = handlers();
    const app = await renderOwner(
      // Its own section's page (issue 34): the webhooks' error is the only alert there.
      '/dashboard/settings/developers',
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

describe('settings: WhatsApp, SMS and integrations in Hindi', () => {
  it("reads in the person's chosen language; DLT, IDs and code samples stay recognisable", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard/settings',
      { ...handlers(), 'owner.language.get': () => ({ language: 'hi' }) },
      /^(Settings|सेटिंग्स)$/,
    );
    // The Hindi catalog loads on demand, once the server has named the language.
    await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' }, { timeout: 5000 });
    const whatsAppForm = within(await page().findByRole('form', { name: 'WhatsApp सेटिंग्स' }));
    expect(whatsAppForm.getByLabelText('फ़ोन नंबर ID')).toBeInTheDocument();
    expect(whatsAppForm.getByRole('button', { name: 'WhatsApp सेव करें' })).toBeInTheDocument();
    const smsForm = within(page().getByRole('form', { name: 'SMS सेटिंग्स' }));
    expect(smsForm.getByLabelText('DLT template ID')).toBeInTheDocument();
    expect(smsForm.getByText(/हर वेरिएबल की जगह \{#var#\} के साथ/)).toBeInTheDocument();
    const keyForm = within(page().getByRole('form', { name: 'नई API key' }));
    expect(keyForm.getByRole('button', { name: 'Key बनाएँ' })).toBeInTheDocument();
    expect(page().getByText('POST /api/v1/review-requests')).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
