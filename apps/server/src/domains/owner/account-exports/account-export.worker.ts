import {
  ACCOUNT_EXPORT_TABLES,
  countExportRows,
  exportColumns,
  failAccountExport,
  findAccountById,
  findAccountExportById,
  finishAccountExport,
  insertAccountExportChunk,
  readExportRows,
  restartAccountExport,
  setAccountExportProgress,
  type TAccountExportTable,
  type TExportRow,
} from '@starloop/db';
import { Zip, ZipDeflate } from 'fflate';
import type { TDeps } from '../../../context.ts';
import { csvCell, csvLines } from '../../../lib/spreadsheet.ts';
import { exportExpiry, exportRecipients, exportScope } from './account-exports.service.ts';

/*
 * What the account-export job runs: every table of ACCOUNT_EXPORT_TABLES read by keyset pages, each
 * page turned into CSV lines and deflated into the ZIP at once, the ZIP's bytes written to the
 * database in pieces of about 1 MB. Memory holds one page of rows and less than one piece of the
 * file, whatever the account's size.
 */

/** Where the export's JSON document is described (docs/export-schema.json, published with the docs). */
export const EXPORT_SCHEMA_ID = 'https://starloop.in/schemas/account-export/v1.json';
export const EXPORT_DOCUMENT_NAME = 'account.json';

export interface TExportBuildOptions {
  /** Rows read per query. */
  batchSize?: number;
  /** Bytes of ZIP gathered before they are written as one piece. */
  chunkBytes?: number;
}

/** What a build did: the figures the memory-bound test and the benchmark read. */
export interface TExportBuildResult {
  status: 'ready' | 'skipped';
  rows: number;
  bytes: number;
  /** Queries that read rows (pages). */
  pages: number;
  /** The most rows one page held. */
  largestPage: number;
  /** Pieces of the file written. */
  chunks: number;
  /** The most ZIP bytes held before a piece was written. */
  largestPending: number;
  files: { name: string; table: string; rows: number }[];
}

/** The JSON document's sections taken from small files as they stream by (a row per branch, person, setting). */
const DOCUMENT_SECTIONS: Record<string, string> = {
  'branches.csv': 'branches',
  'team.csv': 'team',
  'people.csv': 'people',
  'request-settings.csv': 'requestSettings',
  'reply-templates.csv': 'replyTemplates',
  'case-reply-templates.csv': 'caseReplyTemplates',
  'channel-settings.csv': 'channelSettings',
  'google-connections.csv': 'googleConnections',
};
const SETTINGS_SECTIONS = new Set([
  'requestSettings',
  'replyTemplates',
  'caseReplyTemplates',
  'channelSettings',
  'googleConnections',
]);

const encoder = new TextEncoder();

const cellOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return csvCell(value as string | number);
};

/**
 * Builds the export's ZIP. A retry starts over (its earlier pieces are deleted first); an export
 * that is no longer running (ready already, or expired and deleted) is skipped.
 */
export async function buildAccountExport(
  deps: Pick<TDeps, 'db' | 'log' | 'now' | 'mailer' | 'config'>,
  exportId: number,
  options: TExportBuildOptions = {},
): Promise<TExportBuildResult> {
  const batchSize = options.batchSize ?? 2000;
  const chunkBytes = options.chunkBytes ?? 1024 * 1024;
  const result: TExportBuildResult = {
    status: 'skipped',
    rows: 0,
    bytes: 0,
    pages: 0,
    largestPage: 0,
    chunks: 0,
    largestPending: 0,
    files: [],
  };
  const record = await findAccountExportById(deps.db, exportId);
  if (record?.status !== 'running') return result;
  await restartAccountExport(deps.db, exportId, deps.now());

  const scope = await exportScope(deps, record.accountId);
  const account = await findAccountById(deps.db, record.accountId);
  const totals = new Map<TAccountExportTable, number>();
  for (const spec of ACCOUNT_EXPORT_TABLES) totals.set(spec, await countExportRows(deps.db, spec, scope));
  const total = [...totals.values()].reduce((sum, n) => sum + n, 0);

  // The ZIP's bytes arrive synchronously as each push is deflated; they wait here until a piece is full.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let zipError: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) {
      zipError = error;
      return;
    }
    pending.push(data);
    pendingBytes += data.length;
    result.largestPending = Math.max(result.largestPending, pendingBytes);
  });
  const writePiece = async (force: boolean) => {
    if (zipError) throw zipError;
    while (pendingBytes >= chunkBytes || (force && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const piece = joined.subarray(0, Math.min(chunkBytes, joined.length));
      const rest = joined.subarray(piece.length);
      await insertAccountExportChunk(deps.db, exportId, result.chunks, piece);
      result.chunks += 1;
      result.bytes += piece.length;
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  };

  const document: Record<string, unknown[]> = {};
  let lastProgress = 0;
  for (const spec of ACCOUNT_EXPORT_TABLES) {
    const columns = await exportColumns(deps.db, spec);
    const file = new ZipDeflate(spec.file, { level: 6 });
    zip.add(file);
    // A UTF-8 BOM so spreadsheets read the text right, then the header.
    file.push(encoder.encode(`\uFEFF${csvLines([columns])}`));
    const section = DOCUMENT_SECTIONS[spec.file];
    let rows = 0;
    for await (const page of readExportRows(deps.db, spec, scope, batchSize)) {
      result.pages += 1;
      result.largestPage = Math.max(result.largestPage, page.length);
      if (section) document[section] = [...(document[section] ?? []), ...page];
      if (spec.file === 'account.csv') document.account = page;
      file.push(encoder.encode(csvLines(page.map((row: TExportRow) => columns.map((c) => cellOf(row[c]))))));
      rows += page.length;
      result.rows += page.length;
      await writePiece(false);
      const progress = total === 0 ? 0 : Math.min(99, Math.floor((result.rows / total) * 100));
      if (progress > lastProgress) {
        lastProgress = progress;
        await setAccountExportProgress(deps.db, exportId, progress, deps.now());
      }
    }
    file.push(new Uint8Array(0), true);
    result.files.push({ name: spec.file, table: spec.table, rows });
  }

  const now = deps.now();
  const settings = Object.fromEntries(
    Object.entries(document).filter(([section]) => SETTINGS_SECTIONS.has(section)),
  );
  const json = {
    $schema: EXPORT_SCHEMA_ID,
    format: 'starloop-account-export',
    version: 1,
    exportedAt: now.toISOString(),
    account: (document.account as unknown[] | undefined)?.[0] ?? {
      id: record.accountId,
      name: account?.name,
    },
    branches: document.branches ?? [],
    team: document.team ?? [],
    people: document.people ?? [],
    settings: {
      requestSettings: [],
      replyTemplates: [],
      caseReplyTemplates: [],
      channelSettings: [],
      googleConnections: [],
      ...settings,
    },
    files: result.files,
  };
  const documentFile = new ZipDeflate(EXPORT_DOCUMENT_NAME, { level: 6 });
  zip.add(documentFile);
  documentFile.push(encoder.encode(JSON.stringify(json, null, 2)), true);
  zip.end();
  await writePiece(true);

  await finishAccountExport(deps.db, exportId, {
    rowCount: result.rows,
    byteSize: result.bytes,
    now,
    expiresAt: exportExpiry(now),
  });
  result.status = 'ready';
  deps.log.info({ exportId, rows: result.rows, bytes: result.bytes }, 'account export ready');
  await mailOwners(deps, record.accountId, account?.name ?? '');
  return result;
}

/** Tells the account's owners their export is ready, with the Settings page to download it from. */
async function mailOwners(deps: Pick<TDeps, 'db' | 'mailer' | 'config'>, accountId: number, name: string) {
  const link = `${deps.config.appUrl}/dashboard/settings/account`;
  for (const to of await exportRecipients(deps, accountId)) {
    await deps.mailer.queue({
      to,
      subject: 'Your StarLoop data export is ready',
      text: [
        'Hello,',
        '',
        `The export of ${name ? `${name}'s` : 'your'} StarLoop data is ready: a ZIP of CSV files and one JSON document.`,
        `Download it from Settings, signed in as an owner of the account: ${link}`,
        '',
        'The file is kept for 7 days.',
        '',
        'The StarLoop team',
      ].join('\n'),
      category: 'account-export',
    });
  }
}

/** Marks an export failed (its pieces deleted) once its last attempt failed. */
export async function markExportFailed(deps: Pick<TDeps, 'db' | 'now'>, exportId: number): Promise<void> {
  const now = deps.now();
  await failAccountExport(deps.db, exportId, 'The export could not be built', now, exportExpiry(now));
}
