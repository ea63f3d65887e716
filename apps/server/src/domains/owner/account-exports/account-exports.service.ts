import { Readable } from 'node:stream';
import {
  ACCOUNT_EXPORT_RETENTION_DAYS,
  ACCOUNT_EXPORT_TEXTS,
  type TAccountExportList,
  type TAccountExportStarted,
  type TAccountExportStatus,
} from '@starloop/contract';
import {
  findAccountById,
  findAccountExport,
  insertAccountExport,
  inTransaction,
  listAccountBusinesses,
  listAccountExports,
  listAccountMembers,
  lockAccounts,
  readAccountExportChunk,
  type TAccountExport,
} from '@starloop/db';
import type { TOwnerSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { auditByOwner, recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';

/*
 * Exporting an account's data (issue 35, item 1): an owner of the account (or an admin for them)
 * starts an export, a job builds the ZIP (account-export.worker.ts), the owners get an email, and
 * the file is downloadable by the account's owners for 7 days.
 */

export interface TAccountExportJob {
  exportId: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a ready (or failed) export and its file are deleted. */
export const exportExpiry = (now: Date) => new Date(now.getTime() + ACCOUNT_EXPORT_RETENTION_DAYS * DAY_MS);

/** The path the ZIP is downloaded from (owner token of the account's owners). */
export const exportDownloadPath = (id: number) => `/api/v1/account/exports/${id}/download`;

export function toExportStatus(row: TAccountExport): TAccountExportStatus {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    ...(row.status === 'ready' ? { downloadUrl: exportDownloadPath(row.id) } : {}),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    byteSize: Number(row.byteSize),
  };
}

/**
 * Creates the export and its job in one transaction (the job exists if and only if the export
 * does). While one is running for the account, that one's id is answered: one build at a time.
 */
async function startExport(
  deps: TDeps,
  accountId: number,
  requestedBy: { personId?: number; adminId?: number },
  record: (trx: TDeps['db'], exportId: number) => Promise<void>,
): Promise<TAccountExportStarted> {
  return inTransaction(deps.db, async (trx) => {
    // Two starts at once wait for each other here: the second finds the first one running.
    if (!(await lockAccounts(trx, [accountId])).has(accountId)) {
      throw new AppError('NOT_FOUND', ACCOUNT_EXPORT_TEXTS.accountNotFound);
    }
    const running = (await listAccountExports(trx, accountId, 5)).find((row) => row.status === 'running');
    if (running) return { id: running.id };
    const row = await insertAccountExport(trx, {
      accountId,
      requestedByPersonId: requestedBy.personId ?? null,
      requestedByAdminId: requestedBy.adminId ?? null,
    });
    await deps.jobs.send(QUEUES.accountExport, { exportId: row.id } satisfies TAccountExportJob, { trx });
    await record(trx, row.id);
    return { id: row.id };
  });
}

/** POST /api/v1/account/exports: an owner of the account (the procedure's `account` permission). */
export function startOwnerExport(deps: TDeps, session: TOwnerSession, ip: string | null) {
  const accountId = session.membership.accountId;
  return startExport(deps, accountId, { personId: session.person.id }, (trx, exportId) =>
    auditByOwner(
      trx,
      { id: session.person.id, ip },
      { action: 'account.export', targetTable: 'accounts', targetId: accountId, details: { exportId } },
    ),
  );
}

/** An admin starts an export for an account; its owners get the email and may download it. */
export async function startAdminExport(
  deps: TDeps,
  accountId: number,
  actor: TAdminActor,
): Promise<TAccountExportStarted> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw new AppError('NOT_FOUND', ACCOUNT_EXPORT_TEXTS.accountNotFound);
  return startExport(deps, accountId, { adminId: actor.id }, (trx, exportId) =>
    recordAdminChange(trx, actor, {
      activity: { type: 'account', message: `Data export of ${account.name} started by ${actor.name}` },
      audit: {
        action: 'account.export',
        targetTable: 'accounts',
        targetId: accountId,
        details: { exportId },
      },
    }),
  );
}

async function ownExport(deps: TDeps, session: TOwnerSession, id: number): Promise<TAccountExport> {
  const row = await findAccountExport(deps.db, session.membership.accountId, id);
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_EXPORT_TEXTS.notFound);
  return row;
}

export async function getOwnerExport(deps: TDeps, session: TOwnerSession, id: number) {
  return toExportStatus(await ownExport(deps, session, id));
}

export async function listOwnerExports(deps: TDeps, session: TOwnerSession): Promise<TAccountExportList> {
  const rows = await listAccountExports(deps.db, session.membership.accountId);
  return { exports: rows.map(toExportStatus) };
}

/** The ZIP of a ready export, streamed piece by piece from the database. */
export async function openExportDownload(
  deps: TDeps,
  session: TOwnerSession,
  id: number,
): Promise<{ stream: Readable; byteSize: number; fileName: string }> {
  const row = await ownExport(deps, session, id);
  if (row.status !== 'ready') throw new AppError('CONFLICT', ACCOUNT_EXPORT_TEXTS.notReady);
  if (row.expiresAt && row.expiresAt <= deps.now()) throw new AppError('GONE', ACCOUNT_EXPORT_TEXTS.expired);
  async function* pieces() {
    for (let seq = 0; ; seq += 1) {
      const data = await readAccountExportChunk(deps.db, id, seq);
      if (!data) return;
      yield Buffer.from(data);
    }
  }
  const day = row.createdAt.toISOString().slice(0, 10);
  return {
    stream: Readable.from(pieces()),
    byteSize: Number(row.byteSize),
    fileName: `starloop-export-${row.accountId}-${day}.zip`,
  };
}

/** The account's owners with an email address: who is told the export is ready. */
export async function exportRecipients(deps: Pick<TDeps, 'db'>, accountId: number): Promise<string[]> {
  const members = await listAccountMembers(deps.db, accountId);
  return members.filter((m) => m.role === 'owner' && m.email).map((m) => m.email as string);
}

/** The scope of an export: the account, its branches (any state) and its people. */
export async function exportScope(deps: Pick<TDeps, 'db'>, accountId: number) {
  const [branches, members] = await Promise.all([
    listAccountBusinesses(deps.db, accountId),
    listAccountMembers(deps.db, accountId),
  ]);
  return {
    accountId,
    businessIds: branches.map((branch) => branch.id),
    personIds: members.map((member) => member.personId),
  };
}
