import {
  ACCOUNT_TEXTS,
  ALERT_TEXTS,
  alertChoicesAnswer,
  alertChoicesOf,
  type TAlertChoicesAnswer,
  type TAlertPreferences,
  type TAlertPreferencesUpdate,
} from '@starloop/contract';
import {
  findAlertPreferences,
  listLivePushSubscriptions,
  saveAlertPreferences,
  type TPersonPublic,
} from '@starloop/db';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { alertChoicesOfRow, alertRowOfChoices } from './alert-recipients.rules.ts';
import { whatsappReach } from './case-alerts.service.ts';

/**
 * A person's own case alert preferences (owner.alerts.*): any member edits theirs, whatever their
 * role; nobody edits another's. The answer says where alerts go and whether WhatsApp can reach
 * them, so the screen can say why not.
 */

type TPreferenceDeps = Pick<TDeps, 'config' | 'db'>;

/** The signed-in person (the builder refuses API keys, which act for no person). */
function personOf(session: TAccountSession): TPersonPublic {
  if (!session.person) throw forbidden(ACCOUNT_TEXTS.personOnly);
  return session.person;
}

async function answerFor(
  deps: TPreferenceDeps,
  person: TPersonPublic,
  choices: TAlertChoicesAnswer,
): Promise<TAlertPreferences> {
  const reach = await whatsappReach(deps, deps.db, person.phone);
  const devices = deps.config.webPush
    ? (await listLivePushSubscriptions(deps.db, Number(person.id))).length
    : 0;
  return {
    ...choices,
    email: person.email,
    phone: person.phone,
    whatsapp: { available: reach.phoneE164 !== null, reason: reach.reason },
    push: {
      available: devices > 0,
      reason: !deps.config.webPush
        ? ALERT_TEXTS.pushNotConfigured
        : devices === 0
          ? ALERT_TEXTS.pushNoDevice
          : null,
      devices,
    },
  };
}

/** GET /api/v1/me/alert-preferences: the person's choices (the defaults until they change one). */
export async function getAlertPreferences(
  deps: TPreferenceDeps,
  session: TAccountSession,
): Promise<TAlertPreferences> {
  const person = personOf(session);
  const row = await findAlertPreferences(deps.db, Number(person.id));
  return answerFor(deps, person, alertChoicesAnswer(alertChoicesOfRow(row)));
}

/** PUT /api/v1/me/alert-preferences: replaces the person's choices; the next alert follows them. */
export async function updateAlertPreferences(
  deps: TPreferenceDeps,
  session: TAccountSession,
  input: TAlertPreferencesUpdate,
): Promise<TAlertPreferences> {
  const person = personOf(session);
  if (input.quietHours && input.quietHours.start === input.quietHours.end)
    throw badRequest(ALERT_TEXTS.quietHoursSame, 'quietHours');
  const previous = alertChoicesOfRow(await findAlertPreferences(deps.db, Number(person.id)));
  const row = await saveAlertPreferences(
    deps.db,
    Number(person.id),
    alertRowOfChoices(alertChoicesOf(input, previous)),
  );
  return answerFor(deps, person, alertChoicesAnswer(alertChoicesOfRow(row)));
}
