import {
  LEAD_HONEYPOT_FIELD,
  PUBLIC_TEXTS,
  type TLeadCreate,
  TOKEN_TTL,
  type TReviewLink,
  type TReviewSubmit,
} from '@starloop/contract';
import {
  consumeOneTimeToken,
  findOwnerById,
  findOwnerByPhone,
  insertLead,
  inTransaction,
  isBusinessCodeTaken,
  issueOneTimeToken,
  recordActivity,
  revokeSubjectSessions,
  type TOwnerPublic,
  takeLeadId,
  updateOwner,
} from '@starloop/db';
import { hashPassword } from '../../auth/passwords.ts';
import type { TDeps } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toOwnerUser } from '../owner-auth/owner-dto.ts';
import { isReviewPageOpen } from './review-page.ts';

async function openReviewPageOwner(deps: TDeps, code: string): Promise<TOwnerPublic> {
  const owner = await deps.reviewPageCache.find(code);
  if (!owner) throw notFound(PUBLIC_TEXTS.businessNotFound);
  if (!isReviewPageOpen(owner, deps.now())) throw new AppError('GONE', PUBLIC_TEXTS.reviewPageInactive);
  return owner;
}

export async function getReviewLink(deps: TDeps, code: string): Promise<TReviewLink> {
  const owner = await openReviewPageOwner(deps, code);
  return {
    code: owner.code,
    businessName: owner.businessName,
    reviewLink: owner.reviewLink,
    reviewFlow: owner.reviewFlow,
  };
}

export async function submitReview(
  deps: TDeps,
  input: TReviewSubmit,
  client: { ip: string },
): Promise<{ success: true; message: string; id: number }> {
  // Unknown and closed pages are refused first (from the cache), so random codes never create
  // rate-limit keys and never spend a customer's points.
  await openReviewPageOwner(deps, input.code);
  if (input.deviceId) await deps.rateLimiter.consume('reviewPerDevice', `${input.deviceId}:${input.code}`);
  await deps.rateLimiter.consume('reviewPerIpAndCode', `${client.ip}:${input.code}`);
  const { id } = await deps.reviewWriter.submit(input);
  return { success: true, message: PUBLIC_TEXTS.reviewThanks, id };
}

export async function createLead(
  deps: TDeps,
  input: TLeadCreate,
  client: { ip: string },
): Promise<{ success: true; message: string; id: number }> {
  await deps.rateLimiter.consume('leadPerIp', client.ip);
  if (input[LEAD_HONEYPOT_FIELD]?.trim()) {
    deps.log.info({ ip: client.ip }, 'lead discarded: honeypot field filled');
    return { success: true, message: PUBLIC_TEXTS.leadReceived, id: await takeLeadId(deps.db) };
  }
  const lead = await inTransaction(deps.db, async (trx) => {
    const row = await insertLead(trx, {
      name: input.name,
      email: input.email.toLowerCase(),
      contactNumber: input.contactNumber,
      bussiness: input.bussiness,
      subject: input.subject,
      message: input.message,
      source: 'website',
      status: 'new',
    });
    await recordActivity(trx, {
      type: 'lead',
      message: `New ${input.subject} request from ${input.name}${input.bussiness ? ` (${input.bussiness})` : ''}`,
    });
    return row;
  });
  return { success: true, message: PUBLIC_TEXTS.leadReceived, id: lead.id };
}

export async function checkBusinessCode(
  deps: TDeps,
  code: string,
): Promise<{ available: boolean; message: string }> {
  const taken = await isBusinessCodeTaken(deps.db, code);
  return { available: !taken, message: taken ? PUBLIC_TEXTS.codeTaken : PUBLIC_TEXTS.codeAvailable };
}

/** Always answers the same, whether or not the number exists (no account discovery). */
export async function requestPasswordReset(
  deps: TDeps,
  contactNumber: string,
  client: { ip: string },
): Promise<{ success: true; message: string }> {
  await deps.rateLimiter.consume('passwordResetPerIdentity', contactNumber);
  await deps.rateLimiter.consume('passwordResetPerIp', client.ip);
  const owner = await findOwnerByPhone(deps.db, contactNumber);
  if (owner?.email && !owner.deletedAt) {
    const { token } = await issueOneTimeToken(
      deps.db,
      { ownerId: owner.id, kind: 'reset_password', ttlSeconds: TOKEN_TTL.resetPasswordSeconds },
      deps.now(),
    );
    const url = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Queued, not awaited: waiting on SMTP only for known numbers would tell them apart by time.
    await deps.mailer.queue({
      to: owner.email,
      subject: 'Reset your StarLoop password',
      text: `Hi ${owner.name},\n\nSomeone asked to reset the password of the StarLoop account for ${owner.businessName}. If it was you, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this email: your password stays the same.\n\nStarLoop`,
      category: 'password-reset',
    });
  } else {
    deps.log.info({ hasOwner: Boolean(owner) }, 'password reset asked for a number with no email on file');
  }
  return { success: true, message: PUBLIC_TEXTS.resetRequested };
}

type TOneTimeLinkKind = 'set_password' | 'reset_password';

/**
 * Sets the password from a one-time link (set-password for onboarded owners, or reset) and signs in.
 * `kinds` narrows which links the caller accepts (the REST paths take one kind each).
 */
export async function setPasswordWithToken(
  deps: TDeps,
  input: { token: string; password: string },
  client: { userAgent?: string | undefined },
  kinds: TOneTimeLinkKind[] = ['set_password', 'reset_password'],
) {
  const passwordHash = await hashPassword(input.password);
  const ownerId = await inTransaction(deps.db, async (trx) => {
    const used = await consumeOneTimeToken(trx, input.token, kinds, deps.now());
    if (!used) throw badRequest(PUBLIC_TEXTS.tokenInvalid, 'token');
    const owner = await findOwnerById(trx, used.ownerId);
    if (!owner || owner.deletedAt) throw badRequest(PUBLIC_TEXTS.tokenInvalid, 'token');
    await updateOwner(trx, owner.id, { passwordHash });
    await revokeSubjectSessions(trx, 'owner', owner.id, deps.now());
    return owner.id;
  });
  const { token } = await deps.tokens.issue('owner', ownerId, client.userAgent);
  const owner = await findOwnerById(deps.db, ownerId);
  return { token, user: toOwnerUser(owner!), message: PUBLIC_TEXTS.passwordSet };
}
