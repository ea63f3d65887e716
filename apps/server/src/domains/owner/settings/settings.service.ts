import { ONE_TIME_TOKEN_KINDS, PUBLIC_TEXTS, type TOwnerSettings } from '@starloop/contract';
import {
  findPersonPasswordHash,
  inTransaction,
  retireOneTimeTokens,
  revokeOtherSubjectSessions,
  type TOwnerPublic,
  updateOwner,
  updatePerson,
} from '@starloop/db';
import { assertPasswordNotCommon } from '../../../auth/common-passwords.ts';
import { hashPassword, verifyPassword } from '../../../auth/passwords.ts';
import type { TDeps } from '../../../context.ts';
import { auditByOwner } from '../../../lib/audit.ts';
import { badRequest, foundOr404 } from '../../../lib/errors.ts';

export async function updateOwnerSettings(
  deps: TDeps,
  ownerId: number,
  patch: Partial<TOwnerSettings>,
): Promise<TOwnerSettings> {
  const owner = foundOr404(await updateOwner(deps.db, ownerId, patch), 'Owner not found');
  deps.reviewPageCache.clear();
  return ownerSettingsOf(owner);
}

/** The settings part of an owner (reviewPageLanguage null: the customer's phone decides). */
export function ownerSettingsOf(owner: TOwnerPublic): TOwnerSettings {
  const { reviewFlow, notifyLowRatings, dailyDigest, reviewPageLanguage, casesForNegativeHighRatings } =
    owner;
  return { reviewFlow, notifyLowRatings, dailyDigest, reviewPageLanguage, casesForNegativeHighRatings };
}

/** The signed-in person's own password (every account and branch they use). */
export async function changeOwnerPassword(
  deps: TDeps,
  session: { personId: number; sessionId: string; ip: string | null },
  input: { currentPassword: string; newPassword: string },
): Promise<{ success: true; message: string }> {
  const current = await findPersonPasswordHash(deps.db, session.personId);
  if (!(await verifyPassword(current, input.currentPassword))) {
    throw badRequest(PUBLIC_TEXTS.currentPasswordWrong, 'currentPassword');
  }
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(deps.db, async (trx) => {
    await updatePerson(trx, session.personId, { passwordHash });
    // Every other device is signed out; this one stays signed in.
    await revokeOtherSubjectSessions(trx, 'owner', session.personId, session.sessionId, deps.now());
    await retireOneTimeTokens(trx, session.personId, ONE_TIME_TOKEN_KINDS, deps.now());
    await auditByOwner(
      trx,
      { id: session.personId, ip: session.ip },
      { action: 'owner.password_change', targetTable: 'persons', targetId: session.personId },
    );
  });
  return { success: true, message: PUBLIC_TEXTS.passwordChanged };
}
