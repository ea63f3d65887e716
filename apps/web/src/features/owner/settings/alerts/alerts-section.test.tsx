import { ALERT_TEXTS } from '@starloop/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, page, renderOwner } from '../../test/owner-test-utils.tsx';
import { ALERTS_TEXT } from './alerts-section.tsx';
import { PUSH_DEVICE_TEXT } from './push-device.tsx';

cleanToastsBeforeEach();

type TChoices = {
  newCase: { email: boolean; whatsapp: boolean; push: boolean };
  overdue: { email: boolean; whatsapp: boolean; push: boolean };
  payment: { push: boolean };
  quietHours: { start: string; end: string } | null;
};

function alertServer(overrides: Record<string, unknown> = {}) {
  let choices: TChoices = {
    newCase: { email: true, whatsapp: true, push: true },
    overdue: { email: true, whatsapp: true, push: true },
    payment: { push: true },
    quietHours: null,
  };
  const answer = () => ({
    ...choices,
    email: 'asha@example.com',
    phone: '9876543210',
    whatsapp: { available: true, reason: null },
    push: { available: true, reason: null, devices: 1 },
    ...overrides,
  });
  return {
    'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
    'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
    'owner.alerts.getPreferences': answer,
    'owner.push.list': () => ({ publicKey: 'BPublicKey', subscriptions: [] }),
    'owner.alerts.updatePreferences': (input: unknown) => {
      choices = input as TChoices;
      return answer();
    },
  };
}

const section = async () => within(await page().findByRole('region', { name: ALERTS_TEXT.title }));
const group = (s: ReturnType<typeof within>, name: string) => within(s.getByRole('group', { name }));

describe('settings: my alerts', () => {
  it('shows where alerts go and saves a switch at once, keeping the other choices', async () => {
    const app = await renderOwner('/dashboard/settings', alertServer(), 'Settings');
    const s = await section();
    expect(await s.findByText(ALERTS_TEXT.emailTo('asha@example.com'))).toBeInTheDocument();
    expect(s.getByText(ALERTS_TEXT.whatsappTo('9876543210'))).toBeInTheDocument();
    const overdueWhatsApp = group(s, ALERTS_TEXT.overdue).getByRole('switch', { name: ALERTS_TEXT.whatsapp });
    expect(overdueWhatsApp).toBeChecked();

    await app.user.click(overdueWhatsApp);
    await waitFor(() => expect(overdueWhatsApp).not.toBeChecked());
    expect(app.server.callsTo('owner.alerts.updatePreferences').map((c) => c.input)).toEqual([
      {
        newCase: { email: true, whatsapp: true, push: true },
        overdue: { email: true, whatsapp: false, push: true },
        payment: { push: true },
        quietHours: null,
      },
    ]);
    expect(group(s, ALERTS_TEXT.newCase).getByRole('switch', { name: ALERTS_TEXT.whatsapp })).toBeChecked();
    expect(await screen.findByText(ALERTS_TEXT.saved)).toBeInTheDocument();
  });

  it('sets quiet hours (22:00 to 08:00 offered first), refuses the same time twice, and turns them off', async () => {
    const app = await renderOwner('/dashboard/settings', alertServer(), 'Settings');
    const s = await section();
    await app.user.click(await s.findByRole('switch', { name: new RegExp(ALERTS_TEXT.quietHours) }));
    const from = s.getByLabelText(ALERTS_TEXT.from);
    const until = s.getByLabelText(ALERTS_TEXT.until);
    expect(from).toHaveValue('22:00');
    expect(until).toHaveValue('08:00');
    // Nothing is saved until the button.
    expect(app.server.callsTo('owner.alerts.updatePreferences')).toHaveLength(0);

    fireEvent.change(until, { target: { value: '22:00' } });
    await app.user.click(s.getByRole('button', { name: ALERTS_TEXT.saveQuietHours }));
    expect(await s.findByText(ALERT_TEXTS.quietHoursSame)).toBeInTheDocument();
    expect(app.server.callsTo('owner.alerts.updatePreferences')).toHaveLength(0);

    fireEvent.change(from, { target: { value: '23:30' } });
    fireEvent.change(until, { target: { value: '07:00' } });
    await app.user.click(s.getByRole('button', { name: ALERTS_TEXT.saveQuietHours }));
    await waitFor(() => expect(app.server.callsTo('owner.alerts.updatePreferences')).toHaveLength(1));
    expect(app.server.callsTo('owner.alerts.updatePreferences')[0]!.input).toMatchObject({
      quietHours: { start: '23:30', end: '07:00' },
    });
    expect(s.queryByText(ALERT_TEXTS.quietHoursSame)).not.toBeInTheDocument();

    await app.user.click(s.getByRole('switch', { name: new RegExp(ALERTS_TEXT.quietHours) }));
    await waitFor(() => expect(app.server.callsTo('owner.alerts.updatePreferences')).toHaveLength(2));
    expect(app.server.callsTo('owner.alerts.updatePreferences')[1]!.input).toMatchObject({
      quietHours: null,
    });
    expect(s.queryByLabelText(ALERTS_TEXT.from)).not.toBeInTheDocument();
  });

  it('saves push choices: per kind, and for renewal reminders; says where pushes go', async () => {
    const app = await renderOwner('/dashboard/settings', alertServer(), 'Settings');
    const s = await section();
    expect(await s.findByText(ALERTS_TEXT.pushTo(1))).toBeInTheDocument();
    const renewalPush = group(s, ALERTS_TEXT.payment).getByRole('switch', { name: ALERTS_TEXT.push });
    await app.user.click(renewalPush);
    await waitFor(() => expect(renewalPush).not.toBeChecked());
    expect(app.server.callsTo('owner.alerts.updatePreferences')[0]!.input).toMatchObject({
      newCase: { push: true },
      payment: { push: false },
    });
    const newCasePush = group(s, ALERTS_TEXT.newCase).getByRole('switch', { name: ALERTS_TEXT.push });
    await app.user.click(newCasePush);
    await waitFor(() => expect(app.server.callsTo('owner.alerts.updatePreferences')).toHaveLength(2));
    expect(app.server.callsTo('owner.alerts.updatePreferences')[1]!.input).toMatchObject({
      newCase: { email: true, whatsapp: true, push: false },
      payment: { push: false },
    });
    // This test browser (happy-dom) has no push: it says so instead of offering a button.
    expect(within(s.getByTestId('push-device')).getByText(PUSH_DEVICE_TEXT.unsupported)).toBeInTheDocument();
  });

  it('says why WhatsApp, email or push cannot reach this person, and keeps those switches off limits', async () => {
    await renderOwner(
      '/dashboard/settings',
      alertServer({
        email: null,
        whatsapp: { available: false, reason: ALERT_TEXTS.whatsappNotConfigured },
        push: { available: false, reason: ALERT_TEXTS.pushNoDevice, devices: 0 },
      }),
      'Settings',
    );
    const s = await section();
    expect(await s.findByText(ALERT_TEXTS.noEmail)).toBeInTheDocument();
    expect(s.getByText(ALERT_TEXTS.whatsappNotConfigured)).toBeInTheDocument();
    expect(s.getByText(ALERT_TEXTS.pushNoDevice)).toBeInTheDocument();
    expect(group(s, ALERTS_TEXT.overdue).getByRole('switch', { name: ALERTS_TEXT.push })).toBeDisabled();
    expect(group(s, ALERTS_TEXT.payment).getByRole('switch', { name: ALERTS_TEXT.push })).toBeDisabled();
    expect(group(s, ALERTS_TEXT.newCase).getByRole('switch', { name: ALERTS_TEXT.whatsapp })).toBeDisabled();
    expect(group(s, ALERTS_TEXT.newCase).getByRole('switch', { name: ALERTS_TEXT.email })).toBeDisabled();
  });

  it('tells the person when a change is refused and shows the choice as it was', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...alertServer(),
        'owner.alerts.updatePreferences': failsWith('INTERNAL_SERVER_ERROR', 'Database is down'),
      },
      'Settings',
    );
    const s = await section();
    const email = (await s.findAllByRole('switch', { name: ALERTS_TEXT.email }))[0]!;
    await app.user.click(email);
    expect(await screen.findByText(`${ALERTS_TEXT.saveFailed} Database is down`)).toBeInTheDocument();
    await waitFor(() => expect(email).toBeChecked());
  });

  it('shows the load error with Retry', async () => {
    await renderOwner(
      '/dashboard/settings',
      {
        ...alertServer(),
        'owner.alerts.getPreferences': failsWith('INTERNAL_SERVER_ERROR', 'Alerts are down'),
      },
      'Settings',
    );
    const s = await section();
    expect(await s.findByText(ALERTS_TEXT.loadFailed)).toBeInTheDocument();
    expect(s.getByText('Error: Alerts are down')).toBeInTheDocument();
    expect(s.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
