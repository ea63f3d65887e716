import { ONE_TIME_TOKEN_KINDS, PUBLIC_TEXTS, TOKEN_TTL } from '@starloop/contract';
import {
  consumeOneTimeToken,
  findMemberContext,
  findPersonByPhone,
  findUsableOneTimeToken,
  hashToken,
  inTransaction,
  issueOneTimeToken,
  retireOneTimeTokens,
  revokeSubjectSessions,
  updatePerson,
} from '@starloop/db';
import { assertOwnerMaySignIn } from '../../../auth/authenticate.ts';
import { assertPasswordNotCommon } from '../../../auth/common-passwords.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { startOwnerSession } from '../../../auth/sign-in.ts';
import type { TDeps } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { toOwnerUser } from '../../owner/auth/owner.dto.ts';

/** Always answers the same, whether or not the number exists (no account discovery). */
export async function requestPasswordReset(
  deps: TDeps,
  contactNumber: string,
  client: { ip: string },
): Promise<{ success: true; message: string }> {
  await deps.rateLimiter.consume('passwordResetPerIdentity', contactNumber);
  await deps.rateLimiter.consume('passwordResetPerIp', client.ip);
  const person = await findPersonByPhone(deps.db, contactNumber);
  const owner = person ? (await findMemberContext(deps.db, person.id))?.business : undefined;
  const email = person?.email ?? owner?.email;
  // Only a person who may sign in gets a link; everyone else gets the same answer and no mail.
  if (person && owner && email && !owner.deletedAt && owner.status === 'active') {
    const { token } = await inTransaction(deps.db, async (trx) => {
      // A newer link makes the older ones useless.
      await retireOneTimeTokens(trx, person.id, ['reset_password'], deps.now());
      return issueOneTimeToken(
        trx,
        { personId: person.id, kind: 'reset_password', ttlSeconds: TOKEN_TTL.resetPasswordSeconds },
        deps.now(),
      );
    });
    const url = `${deps.config.appUrl}/reset-password#token=${encodeURIComponent(token)}`;
    // Queued, not awaited: waiting on SMTP only for known numbers would tell them apart by time.
    await deps.mailer.queue({
      to: email,
      subject: 'Reset your StarLoop password',
      text: `Hi ${person.name},\n\nSomeone asked to reset the password of the StarLoop account for ${owner.businessName}. If it was you, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this email: your password stays the same.\n\nStarLoop`,
      category: 'password-reset',
    });
  } else {
    deps.log.info({ hasOwner: Boolean(owner) }, 'password reset asked for a number that gets no link');
  }
  return { success: true, message: PUBLIC_TEXTS.resetRequested };
}

export type TOneTimeLinkKind = 'set_password' | 'reset_password';

/**
 * Sets the password from a one-time link (set-password for onboarded owners, or reset) and signs in.
 * `kinds` narrows which links the caller accepts (the REST paths take one kind each). The link and
 * the owner are checked before the (costly) hash, so a flood of made-up tokens costs a lookup each.
 */
export async function setPasswordWithToken(
  deps: TDeps,
  input: { token: string; password: string },
  client: { ip: string; userAgent?: string | undefined },
  kinds: TOneTimeLinkKind[] = ['set_password', 'reset_password'],
) {
  await deps.rateLimiter.consume('passwordLinkPerIp', client.ip);
  // Keyed by the token's hash: the limiter's store never holds a usable link.
  await deps.rateLimiter.consume('passwordLinkPerToken', hashToken(input.token));
  const link = await findUsableOneTimeToken(deps.db, input.token, kinds, deps.now());
  const holder = link ? (await findMemberContext(deps.db, link.personId))?.business : undefined;
  if (!link || !holder || holder.deletedAt) throw badRequest(PUBLIC_TEXTS.tokenInvalid, 'token');
  assertOwnerMaySignIn(holder);
  // After the link check, so a refused password leaves the link usable for a better one.
  assertPasswordNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const personId = await inTransaction(deps.db, async (trx) => {
    const used = await consumeOneTimeToken(trx, input.token, kinds, deps.now());
    if (!used) throw badRequest(PUBLIC_TEXTS.tokenInvalid, 'token');
    const owner = (await findMemberContext(trx, used.personId))?.business;
    if (!owner || owner.deletedAt) throw badRequest(PUBLIC_TEXTS.tokenInvalid, 'token');
    assertOwnerMaySignIn(owner);
    await updatePerson(trx, used.personId, { passwordHash });
    await revokeSubjectSessions(trx, 'owner', used.personId, deps.now());
    // Any other link still out there (an older reset mail, say) stops working with this change.
    await retireOneTimeTokens(trx, used.personId, ONE_TIME_TOKEN_KINDS, deps.now());
    return used.personId;
  });
  const token = await startOwnerSession(deps, personId, client, 'password_link');
  const owner = (await findMemberContext(deps.db, personId))?.business;
  return { token, user: toOwnerUser(owner!), message: PUBLIC_TEXTS.passwordSet };
}
