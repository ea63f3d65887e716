import { ACCOUNT_TEXTS, type TMyLanguage, type TOwnerLanguage } from '@starloop/contract';
import { setPersonLanguage } from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { forbidden } from '../../../lib/errors.ts';

/**
 * The owner area's language of the signed-in person (owner.language.*): theirs alone, whatever
 * their role; an API key acts for no person and is refused.
 */

function personIdOf(session: TAccountSession): number {
  if (!session.person) throw forbidden(ACCOUNT_TEXTS.personOnly);
  return Number(session.person.id);
}

/** GET /api/v1/me/language. */
export function getMyLanguage(session: TAccountSession): TMyLanguage {
  personIdOf(session);
  return { language: session.person?.language ?? 'en' };
}

/** PUT /api/v1/me/language: remembered for every device the person signs in on. */
export async function updateMyLanguage(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
  language: TOwnerLanguage,
): Promise<TMyLanguage> {
  await setPersonLanguage(deps.db, personIdOf(session), language);
  return { language };
}
