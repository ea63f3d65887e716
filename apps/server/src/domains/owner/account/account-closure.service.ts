import {
  ACCOUNT_CLOSURE_DAYS,
  ADMIN_TEXTS,
  CLOSURE_TEXTS,
  ERASURE_NOTICE_DAYS,
  INVOICE_RETENTION_YEARS,
  istDay,
  type TAccountCloseResult,
  type TAccountClosure,
  type TRetentionSettings,
} from '@starloop/contract';
import {
  claimErasureNotice,
  closeAccount,
  deletePurgedOwner,
  eraseClosedBusinessReviews,
  erasureDate,
  findAccountClosure,
  findLiveAutopay,
  findOwnerById,
  findPersonPasswordHash,
  findRetentionSettings,
  inTransaction,
  listAccountBusinesses,
  listAccountBusinessIds,
  listAccountOwnerEmails,
  listClosedAccounts,
  purgeExpiredContacts,
  purgeExpiredFeedbackText,
  recordAudit,
  reopenAccount,
  updateRetentionSettings,
} from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import { verifyPassword } from '../../../auth/passwords.ts';
import type { TDeps } from '../../../context.ts';
import { auditByOwner, recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { AppError, badRequest, conflict, foundOr404 } from '../../../lib/errors.ts';
import { cancelAutopay } from '../../payments/autopay.service.ts';

const DAY_MS = 86_400_000;

/** The IST day a closed account's data is erased, as the texts say it. */
const erasureDay = (closedAt: Date) => istDay(erasureDate(closedAt, ACCOUNT_CLOSURE_DAYS));

const closureAnswer = (closedAt: Date | null | undefined): TAccountClosure =>
  closedAt
    ? {
        closed: true,
        closedAt: closedAt.toISOString(),
        erasureAt: erasureDate(closedAt, ACCOUNT_CLOSURE_DAYS).toISOString(),
      }
    : { closed: false, closedAt: null, erasureAt: null };

/** GET /api/v1/account/closure: whether the caller's account is closed, and its erasure date. */
export async function getAccountClosure(
  deps: Pick<TDeps, 'db'>,
  session: { membership: Pick<TAccountSession['membership'], 'accountId'> },
): Promise<TAccountClosure> {
  const closure = await findAccountClosure(deps.db, session.membership.accountId);
  return closureAnswer(closure?.closedAt);
}

/**
 * POST /api/v1/account/close: an owner of the account, with their password, closes it. At once:
 * its businesses are soft-deleted (review pages show the closed page, every job skips them), its
 * API keys and its people's sessions are revoked. The owners may sign in for 30 days to export.
 */
export async function closeAccountByOwner(
  deps: TDeps,
  session: TAccountSession,
  input: { password: string },
  client: { ip: string | null },
): Promise<TAccountCloseResult> {
  const person = session.person;
  if (!person || session.membership.role !== 'owner')
    throw new AppError('FORBIDDEN', CLOSURE_TEXTS.ownersOnly);
  const hash = await findPersonPasswordHash(deps.db, person.id);
  if (!(await verifyPassword(hash, input.password)))
    throw badRequest(CLOSURE_TEXTS.passwordWrong, 'password');
  const accountId = session.membership.accountId;
  // AutoPay would go on charging a closed account: each live mandate is cancelled with Razorpay
  // first (a provider fault is a 503 and nothing is closed; trying again cancels the rest).
  for (const business of await listAccountBusinesses(deps.db, accountId)) {
    if (!business.deletedAt && (await findLiveAutopay(deps.db, business.id)))
      await cancelAutopay(deps, business);
  }
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const businesses = await closeAccount(trx, accountId, person.id, now);
    if (!businesses) throw conflict(CLOSURE_TEXTS.alreadyClosed);
    await auditByOwner(
      trx,
      { id: person.id, ip: client.ip },
      {
        action: 'account.close',
        targetTable: 'accounts',
        targetId: accountId,
        details: { businesses, erasureAt: erasureDate(now, ACCOUNT_CLOSURE_DAYS).toISOString() },
      },
    );
  });
  deps.reviewPageCache.clear();
  deps.log.info({ accountId, personId: person.id }, 'account closed by its owner');
  return { success: true, message: CLOSURE_TEXTS.closed(erasureDay(now)), ...closureAnswer(now) };
}

/**
 * POST /api/admin/users/{id}/reopen: the account of business `id`, closed less than 30 days ago,
 * opens again (the businesses its closure took down come back). After the window: 409.
 */
export async function reopenClosedAccount(
  deps: TDeps,
  ownerId: number,
  admin: TAdminActor,
): Promise<{ success: true; message: string }> {
  const now = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const owner = foundOr404(await findOwnerById(trx, ownerId), ADMIN_TEXTS.userNotFound);
    const closure = await findAccountClosure(trx, owner.accountId);
    if (!closure) throw conflict(CLOSURE_TEXTS.notClosed);
    const erasure = erasureDate(closure.closedAt, ACCOUNT_CLOSURE_DAYS);
    if (now.getTime() >= erasure.getTime()) throw conflict(CLOSURE_TEXTS.reopenWindowOver(istDay(erasure)));
    const restored = (await reopenAccount(trx, owner.accountId, now)) ?? [];
    await recordAdminChange(trx, admin, {
      activity: {
        type: 'account_reopened',
        message: `${admin.name} reopened the closed account of ${owner.businessName}`,
        code: owner.code,
        ownerId,
      },
      audit: {
        action: 'account.reopen',
        targetTable: 'accounts',
        targetId: owner.accountId,
        details: { businesses: restored, closedAt: closure.closedAt.toISOString() },
      },
    });
  });
  deps.reviewPageCache.clear();
  return { success: true, message: CLOSURE_TEXTS.reopened };
}

// ------------------------------------------------------------------ the erasure (daily job)

export type TClosureDeps = Pick<TDeps, 'db' | 'log' | 'now' | 'mailer' | 'config'>;

function erasureNoticeMail(deps: TClosureDeps, to: { name: string; email: string }, closedAt: Date) {
  const day = erasureDay(closedAt);
  const base = deps.config.appUrl ?? '';
  return {
    to: to.email,
    subject: `Your StarLoop account will be erased on ${day}`,
    text: [
      `Hello ${to.name},`,
      '',
      `Your StarLoop account was closed on ${istDay(closedAt)}. On ${day} its data will be erased:`,
      'your businesses, team, reviews and their customers’ feedback and contact details, contacts',
      'and review requests. Review counts stay only as anonymous monthly figures.',
      `Invoices and payment records are kept for ${INVOICE_RETENTION_YEARS} years from the end of their financial year, as GST law requires.`,
      '',
      `Until then you can sign in${base ? ` at ${base}/login` : ''} and export your data.`,
      'If you did not mean to close the account, reply to this email and we can reopen it before that day.',
    ].join('\n'),
    category: 'account_erasure',
  };
}

/**
 * The closed accounts' daily run: 7 days and 1 day before the erasure, an email to the account's
 * owners (each notice once); from the 30th day, once a notice has gone, the erasure. An account
 * whose notice was late (the job did not run) gets it now and is erased a day later at the
 * earliest, so nobody is erased unwarned.
 */
export async function runAccountClosures(
  deps: TClosureDeps,
  options: { limit?: number; reviewBatch?: number } = {},
): Promise<{ notified: number; erased: number; failed: number }> {
  const now = deps.now();
  const reviewBatch = options.reviewBatch ?? 2000;
  const counts = { notified: 0, erased: 0, failed: 0 };
  for (const account of await listClosedAccounts(deps.db, options.limit ?? 100)) {
    try {
      const erasure = erasureDate(account.closedAt, ACCOUNT_CLOSURE_DAYS).getTime();
      const daysLeft = (erasure - now.getTime()) / DAY_MS;
      // Notices due: the first at 7 days, the second at 1 day before.
      const due = ERASURE_NOTICE_DAYS.filter((d) => daysLeft <= d).length;
      if (account.erasureNotices < due) {
        if (await claimErasureNotice(deps.db, account.accountId, account.closedAt, account.erasureNotices)) {
          for (const owner of await listAccountOwnerEmails(deps.db, account.accountId)) {
            await deps.mailer.queue({
              ...erasureNoticeMail(deps, owner, account.closedAt),
              idempotencyKey: `account-erasure:${account.accountId}:${account.closedAt.getTime()}:${account.erasureNotices + 1}:${owner.personId}`,
            });
          }
          counts.notified += 1;
        }
        continue;
      }
      if (daysLeft > 0 || account.erasureNotices === 0) continue;
      await eraseAccount(deps, account.accountId, now, reviewBatch);
      counts.erased += 1;
    } catch (error) {
      counts.failed += 1;
      deps.log.error(
        { err: error, accountId: account.accountId },
        'account closure step failed; next run tries again',
      );
    }
  }
  if (counts.notified || counts.erased || counts.failed) deps.log.info(counts, 'closed accounts');
  return counts;
}

/**
 * Erases a closed account: each business's reviews go in batches, counted into the anonymous
 * aggregates; then the soft-deleted owners' purge takes the business with everything that hangs on
 * it, and with the last one the account and the people who belong nowhere else. Payments and
 * invoices stay, detached (GST law). The audit row says what went.
 */
async function eraseAccount(deps: TClosureDeps, accountId: number, now: Date, batch: number): Promise<void> {
  const businesses = await listAccountBusinessIds(deps.db, accountId);
  const closedBefore = new Date(now.getTime() - ACCOUNT_CLOSURE_DAYS * DAY_MS + 1);
  let reviews = 0;
  for (const ownerId of businesses) {
    let deleted: number;
    do {
      deleted = await eraseClosedBusinessReviews(deps.db, ownerId, closedBefore, batch);
      reviews += deleted;
    } while (deleted === batch);
  }
  await inTransaction(deps.db, async (trx) => {
    // Every business of the account is soft-deleted by now (by the closure, or earlier by an admin).
    for (const ownerId of businesses) await deletePurgedOwner(trx, ownerId, new Date(now.getTime() + 1));
    await recordAudit(trx, {
      actorKind: 'system',
      actorId: null,
      ip: null,
      action: 'account.erase',
      targetTable: 'accounts',
      targetId: accountId,
      details: { businesses, reviewsCounted: reviews },
    });
  });
  deps.log.info({ accountId, businesses: businesses.length, reviews }, 'closed account erased');
}

// ------------------------------------------------------------------ retention (issue 35, item 4)

export async function getRetentionSettings(
  deps: Pick<TDeps, 'db'>,
  session: Pick<TAccountSession, 'membership'>,
): Promise<TRetentionSettings> {
  return foundOr404(await findRetentionSettings(deps.db, session.membership.accountId), 'Account not found');
}

export async function saveRetentionSettings(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  input: TRetentionSettings,
  client: { ip: string | null },
): Promise<TRetentionSettings & { success: true; message: string }> {
  const saved = await inTransaction(deps.db, async (trx) => {
    const before = await findRetentionSettings(trx, session.membership.accountId);
    const after = foundOr404(
      await updateRetentionSettings(trx, session.membership.accountId, input, deps.now()),
      'Account not found',
    );
    await recordAudit(trx, {
      actorKind: session.person ? 'owner' : 'system',
      actorId: session.person?.id ?? null,
      ip: client.ip,
      action: 'account.retention_update',
      targetTable: 'accounts',
      targetId: session.membership.accountId,
      details: { before, after, ...(session.apiKeyId ? { apiKeyId: session.apiKeyId } : {}) },
    });
    return after;
  });
  return { success: true, message: CLOSURE_TEXTS.retentionSaved, ...saved };
}

/** The maintenance purge's part of item 4: contacts and feedback text past their account's retention. */
export async function purgeExpiredCustomerData(
  deps: Pick<TDeps, 'db' | 'log' | 'now'>,
): Promise<{ contacts: number; feedbackTexts: number }> {
  const now = deps.now();
  const removed = {
    contacts: await purgeExpiredContacts(deps.db, now),
    feedbackTexts: await purgeExpiredFeedbackText(deps.db, now),
  };
  if (removed.contacts || removed.feedbackTexts) deps.log.info(removed, 'retention: customer data removed');
  return removed;
}
