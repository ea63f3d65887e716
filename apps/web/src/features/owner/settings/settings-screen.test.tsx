import { autoReplySummary, PLANS, REPLY_TEMPLATE_MAX, REPLY_TEXTS, SECURITY_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/owner-i18n/en.ts';
import { failsWith, trpcError } from '../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, page, renderOwner } from '../test/owner-test-utils.tsx';
import { autoReplyText } from './templates-section.tsx';

cleanToastsBeforeEach();

// Mantine's autosizing Textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const PLACEHOLDERS = [
  { key: 'customerName', description: "The customer's name" },
  { key: 'businessName', description: 'Your business name' },
  { key: 'rating', description: 'The star rating' },
  { key: 'firstLine', description: 'The first sentence of the feedback' },
];

function templates(enabled: boolean, positive = 'Thank you {customerName} for {rating} stars!') {
  return {
    enabled,
    placeholders: PLACEHOLDERS,
    templates: [
      { sentiment: 'positive', body: positive, isDefault: positive.startsWith('Thank you {customerName}') },
      { sentiment: 'neutral', body: 'Thanks for your feedback about {businessName}.', isDefault: true },
      { sentiment: 'negative', body: 'We are sorry, {customerName}.', isDefault: true },
    ],
  };
}

function settingsServer(initial = { reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }) {
  let current = { ...initial };
  return {
    'owner.settings.get': () => current,
    'owner.settings.update': (input: unknown) => {
      current = { ...current, ...(input as object) };
      return current;
    },
  };
}

function handlers(more: Record<string, (input: unknown) => unknown> = {}) {
  return {
    ...settingsServer(),
    'owner.templates.list': () => templates(true),
    'owner.templates.preview': (input: unknown) => ({
      text: (input as { body: string }).body.replace('{customerName}', 'Priya').replace('{rating}', '5'),
    }),
    ...more,
  };
}

/** The review flow's radio group (the header's language switch is a radio group too). */
async function reviewFlowGroup(): Promise<HTMLElement> {
  const smart = await page().findByRole('radio', { name: /Smart routing/ });
  const group = smart.closest<HTMLElement>('[role="radiogroup"]');
  if (!group) throw new Error('the review flow has no radio group');
  return group;
}

describe('settings: review flow and notifications', () => {
  it('explains review gating and saves "Open to everyone"', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');

    const flow = within(await reviewFlowGroup());
    expect(flow.getByRole('radio', { name: /Smart routing/ })).toBeChecked();
    expect(
      page().getByText(
        'Google\'s review policy does not allow sending only happy customers to Google ("review gating"); "Open to everyone" keeps you inside it.',
      ),
    ).toBeInTheDocument();

    await app.user.click(flow.getByRole('radio', { name: /Open to everyone/ }));

    await waitFor(() => expect(app.server.callsTo('owner.settings.update')).toHaveLength(1));
    expect(app.server.callsTo('owner.settings.update')[0]?.input).toEqual({ reviewFlow: 'open' });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(flow.getByRole('radio', { name: /Open to everyone/ })).toBeChecked();
    expect(
      within(page().getByRole('region', { name: /Review flow/ })).getByText('Saved'),
    ).toBeInTheDocument();
  });

  it('puts the old choice back when the server refuses', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({ 'owner.settings.update': failsWith('INTERNAL_SERVER_ERROR', 'Database is down') }),
      'Settings',
    );
    const flow = within(await reviewFlowGroup());
    await app.user.click(flow.getByRole('radio', { name: /Open to everyone/ }));

    expect(await screen.findByText('Could not save your settings. Database is down')).toBeInTheDocument();
    expect(flow.getByRole('radio', { name: /Smart routing/ })).toBeChecked();
  });

  it('switches low-rating emails and the daily digest', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    const lowRatings = await page().findByRole('switch', {
      name: /Alert the team about every new feedback case/,
    });
    const digest = page().getByRole('switch', { name: /Send a daily digest instead/ });
    expect(lowRatings).toBeChecked();
    expect(digest).not.toBeChecked();

    await app.user.click(digest);
    await waitFor(() => expect(digest).toBeChecked());
    expect(app.server.callsTo('owner.settings.update')[0]?.input).toEqual({ dailyDigest: true });

    await app.user.click(lowRatings);
    await waitFor(() => expect(lowRatings).not.toBeChecked());
    expect(app.server.callsTo('owner.settings.update')[1]?.input).toEqual({ notifyLowRatings: false });
    // No low-rating emails: nothing to put in a digest.
    expect(digest).toBeDisabled();
  });

  it('shows "Failed to load settings" with a Retry button', async () => {
    await renderOwner(
      '/dashboard/settings',
      handlers({ 'owner.settings.get': failsWith('INTERNAL_SERVER_ERROR', 'Settings are unavailable') }),
      'Settings',
    );
    expect(await page().findByText('Failed to load settings')).toBeInTheDocument();
    expect(page().getByText('Error: Settings are unavailable')).toBeInTheDocument();
  });
});

describe('settings: reply templates', () => {
  it('lets a Professional owner edit a template with a live preview, save and reset it', async () => {
    let list = templates(true);
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({
        'owner.templates.list': () => list,
        'owner.templates.update': (input: unknown) => {
          list = templates(true, (input as { body: string }).body);
          return list;
        },
        'owner.templates.reset': () => {
          list = templates(true);
          return list;
        },
      }),
      'Settings',
    );

    const positive = await page().findByRole('textbox', { name: 'Positive reviews' });
    expect(page().getByText('{firstLine}')).toBeInTheDocument();
    expect(page().getByText('{customerName}')).toBeInTheDocument();
    expect(await page().findByText('Thank you Priya for 5 stars!')).toBeInTheDocument();

    await app.user.clear(positive);
    await app.user.type(positive, 'Hello {{customerName}, thanks!');
    expect(await page().findByText('Hello Priya, thanks!')).toBeInTheDocument();
    const previews = app.server.callsTo('owner.templates.preview').map((c) => c.input);
    expect(previews).toContainEqual({ sentiment: 'positive', body: 'Hello {customerName}, thanks!' });

    const card = within(page().getByRole('region', { name: 'Positive reviews template' }));
    await app.user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(app.server.callsTo('owner.templates.update')[0]?.input).toEqual({
      sentiment: 'positive',
      body: 'Hello {customerName}, thanks!',
    });

    await app.user.click(card.getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('Template reset to default')).toBeInTheDocument();
    expect(app.server.callsTo('owner.templates.reset')[0]?.input).toEqual({ sentiment: 'positive' });
    await waitFor(() => expect(positive).toHaveValue('Thank you {customerName} for {rating} stars!'));
  });

  it("shows the template schema's messages as the owner types, and saves only a valid template", async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({ 'owner.templates.update': () => templates(true, 'Thanks, {customerName}!') }),
      'Settings',
    );
    const positive = await page().findByRole('textbox', { name: 'Positive reviews' });
    const card = within(page().getByRole('region', { name: 'Positive reviews template' }));
    const save = card.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await app.user.clear(positive);
    await app.user.type(positive, '   ');
    expect(card.getByText(REPLY_TEXTS.bodyRequired)).toBeInTheDocument();
    expect(positive).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    await app.user.clear(positive);
    await app.user.click(positive);
    await app.user.paste('x'.repeat(REPLY_TEMPLATE_MAX + 1));
    expect(card.getByText(REPLY_TEXTS.bodyMax)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await app.user.clear(positive);
    await app.user.type(positive, '  Thanks, {{customerName}!  ');
    expect(card.queryByText(REPLY_TEXTS.bodyRequired)).toBeNull();
    await app.user.click(save);
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(app.server.callsTo('owner.templates.update').map((c) => c.input)).toEqual([
      { sentiment: 'positive', body: 'Thanks, {customerName}!' },
    ]);
  });

  it("shows the server's message for an unknown placeholder in the preview", async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({
        'owner.templates.preview': (input: unknown) => {
          if ((input as { body: string }).body.includes('{name}')) {
            throw trpcError('BAD_REQUEST', 'Unknown placeholder {name}.', 'body');
          }
          return { text: 'ok' };
        },
      }),
      'Settings',
    );
    const neutral = await page().findByRole('textbox', { name: 'Neutral reviews' });
    await app.user.type(neutral, ' {{name}');
    expect(await page().findByText('Unknown placeholder {name}.')).toBeInTheDocument();
  });

  it('shows Essential owners the templates read-only, with an upgrade note', async () => {
    await renderOwner(
      '/dashboard/settings',
      handlers({ 'owner.templates.list': () => templates(false) }),
      'Settings',
    );
    const positive = await page().findByRole('textbox', { name: 'Positive reviews' });
    expect(positive).toHaveAttribute('readonly');
    expect(page().getByText('Custom response templates come with the Professional plan')).toBeInTheDocument();
    expect(
      page().getByText(/Essential sends a standard thank-you reply within 24 to 48 hours of a review/),
    ).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
      'href',
      '/dashboard/plan',
    );
    expect(page().queryByRole('button', { name: 'Save' })).toBeNull();
    expect(page().queryByRole('button', { name: 'Reset to default' })).toBeNull();
  });
});

describe('settings: change password', () => {
  const fill = async (
    app: Awaited<ReturnType<typeof renderOwner>>,
    current: string,
    next: string,
    confirm: string,
  ) => {
    if (current) await app.user.type(await page().findByLabelText(/Current password/), current);
    if (next) await app.user.type(page().getByLabelText(/^New password/), next);
    if (confirm) await app.user.type(page().getByLabelText(/Confirm new password/), confirm);
    await app.user.click(page().getByRole('button', { name: 'Change password' }));
  };

  it('checks the fields before asking the server', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    await page().findByLabelText(/Current password/);
    await fill(app, '', '123', 'abc');

    expect(page().getByText('Password is required')).toBeInTheDocument();
    expect(page().getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(page().getByText('Passwords do not match')).toBeInTheDocument();
    expect(page().getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(app.server.callsTo('owner.settings.changePassword')).toHaveLength(0);
  });

  it('marks a wrong current password on its field', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({
        'owner.settings.changePassword': failsWith(
          'BAD_REQUEST',
          'Your current password is not correct',
          'currentPassword',
        ),
      }),
      'Settings',
    );
    await fill(app, 'oldpass1', 'newpass1', 'newpass1');

    expect(await page().findByText('Your current password is not correct')).toBeInTheDocument();
    expect(page().getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a new password the server finds too common on its field', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({
        'owner.settings.changePassword': failsWith(
          'BAD_REQUEST',
          SECURITY_TEXTS.commonPassword,
          'newPassword',
        ),
      }),
      'Settings',
    );
    await fill(app, 'oldpass1', 'password1', 'password1');

    expect(await page().findByText(SECURITY_TEXTS.commonPassword)).toBeInTheDocument();
    expect(page().getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the password, says so and clears the form', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({
        'owner.settings.changePassword': () => ({
          success: true,
          message: 'Password changed. Other devices have been signed out.',
        }),
      }),
      'Settings',
    );
    await fill(app, 'oldpass1', 'newpass1', 'newpass1');

    expect(
      await screen.findByText('Password changed. Other devices have been signed out.'),
    ).toBeInTheDocument();
    expect(app.server.callsTo('owner.settings.changePassword')[0]?.input).toEqual({
      currentPassword: 'oldpass1',
      newPassword: 'newpass1',
    });
    expect(page().getByLabelText(/Current password/)).toHaveValue('');
    expect(page().getByLabelText(/Confirm new password/)).toHaveValue('');
  });
});

describe('settings: review page language', () => {
  it('saves a default language and previews the page in each language', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    const section = within(await page().findByRole('region', { name: /Review page language/ }));
    const select = section.getByRole('combobox', { name: 'Language your review page opens in' });
    expect(select).toHaveValue("The customer's phone language");

    await app.user.click(select);
    await app.user.click(await screen.findByRole('option', { name: 'Tamil (தமிழ்)', hidden: true }));
    await waitFor(() => expect(app.server.callsTo('owner.settings.update')).toHaveLength(1));
    expect(app.server.callsTo('owner.settings.update')[0]?.input).toEqual({ reviewPageLanguage: 'ta' });
    await waitFor(() => expect(select).toHaveValue('Tamil (தமிழ்)'));

    await app.user.click(section.getByRole('button', { name: 'Preview the page' }));
    const frame = section.getByTitle('Your review page in Tamil (தமிழ்)');
    expect(frame).toHaveAttribute('src', '/review/chai-point?lang=ta');
    // The preview runs no script and sends nothing.
    expect(frame).toHaveAttribute('sandbox', '');
    // (happy-dom loads no frame, and says so on the console.)
    await app.user.click(section.getByRole('combobox', { name: 'Preview in' }));
    // Both selects keep their options in the page: the newest list is the preview's.
    const kannada = await screen.findAllByRole('option', { name: 'Kannada (ಕನ್ನಡ)', hidden: true });
    await app.user.click(kannada.at(-1) as HTMLElement);
    expect(section.getByTitle('Your review page in Kannada (ಕನ್ನಡ)')).toHaveAttribute(
      'src',
      '/review/chai-point?lang=kn',
    );
    expect(app.server.callsTo('owner.settings.update')).toHaveLength(1);

    // Back to the phone's language: null.
    await app.user.click(select);
    await app.user.click(
      await screen.findByRole('option', { name: "The customer's phone language", hidden: true }),
    );
    await waitFor(() => expect(app.server.callsTo('owner.settings.update')).toHaveLength(2));
    expect(app.server.callsTo('owner.settings.update')[1]?.input).toEqual({ reviewPageLanguage: null });
  });
});

describe('settings in sections (issue 34)', () => {
  it('lists the sections, each a page of its own, and opens one', async () => {
    const app = await renderOwner('/dashboard/settings', handlers(), 'Settings');
    const index = within(page().getByRole('navigation', { name: 'Settings sections' }));
    expect(index.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/settings/review-page',
      '/dashboard/settings/replies',
      '/dashboard/settings/channels',
      '/dashboard/settings/team',
      '/dashboard/settings/developers',
      '/dashboard/settings/account',
    ]);

    await app.user.click(index.getByRole('link', { name: /^Account/ }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/settings/account'));
    expect(await page().findByRole('heading', { level: 2, name: 'Account' })).toBeInTheDocument();
    // The section alone: the password, not the review flow.
    expect(page().queryByRole('radio', { name: /Smart routing/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await app.user.click(page().getByRole('link', { name: 'All settings' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/settings'));
  });

  it('opens the review page section at its address', async () => {
    await renderOwner('/dashboard/settings/review-page', handlers(), 'Settings');
    expect(await reviewFlowGroup()).toBeInTheDocument();
    expect(page().queryByRole('region', { name: 'Change password' })).toBeNull();
  });
});

describe('settings in Hindi', () => {
  it("names the sections, the review flow and a section's own page in the person's language", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    const app = await renderOwner(
      '/dashboard/settings',
      handlers({ 'owner.language.get': () => ({ language: 'hi' }) }),
      /^(Settings|सेटिंग्स)$/,
    );
    // The Hindi catalog is a chunk of its own: the first load in a test run takes a moment.
    await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' }, { timeout: 5000 });
    const index = within(await page().findByRole('navigation', { name: 'सेटिंग्स के सेक्शन' }));
    expect(index.getAllByRole('link').map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^रिव्यू पेज/),
      expect.stringMatching(/^जवाब/),
      expect.stringMatching(/^चैनल/),
      expect.stringMatching(/^टीम/),
      expect.stringMatching(/^डेवलपर्स के लिए इंटीग्रेशन/),
      expect.stringMatching(/^खाता/),
    ]);
    expect(await page().findByRole('radio', { name: /स्मार्ट रूटिंग/ })).toBeInTheDocument();
    expect(page().getByRole('region', { name: /रिव्यू का तरीका/ })).toBeInTheDocument();

    await app.user.click(index.getByRole('link', { name: /^खाता/ }));
    expect(await page().findByRole('heading', { level: 2, name: 'खाता' })).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'सभी सेटिंग्स' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });

  it("says each plan's automatic reply as the contract does, in English", () => {
    const t = en.settings.templates;
    expect(autoReplyText(t, PLANS.essential)).toBe(autoReplySummary(PLANS.essential));
    expect(autoReplyText(t, PLANS.professional)).toBe(autoReplySummary(PLANS.professional));
  });
});
