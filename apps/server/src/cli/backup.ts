import path from 'node:path';
import { BackupError, backupDatabase, restoreDatabase, type TDb } from '@starloop/db';
import { CliError } from './cli-error.ts';

const fileArg = (args: Record<string, unknown>, name: 'out' | 'in', usage: string) => {
  const value = args[name];
  if (typeof value !== 'string' || !value.trim()) throw new CliError(usage);
  return path.resolve(value);
};

/** `db:backup -- --out FILE`: a consistent logical backup (gzipped JSON lines) of the app's data. */
export async function backupCommand(db: TDb, args: Record<string, unknown>): Promise<string> {
  const file = fileArg(
    args,
    'out',
    'Say where to write it: `npm run db:backup -- --out starloop.backup.gz`.',
  );
  const { tables, rows } = await backupDatabase(db, file);
  return `Backed up ${rows} rows of ${tables} tables to ${file}.`;
}

/** `db:restore -- --in FILE`: into an empty database (a new DATA_DIR, or the DATABASE_URL's). */
export async function restoreCommand(db: TDb, args: Record<string, unknown>): Promise<string> {
  const file = fileArg(
    args,
    'in',
    'Say which backup to restore: `npm run db:restore -- --in starloop.backup.gz`.',
  );
  try {
    const { tables, rows } = await restoreDatabase(db, file);
    return `Restored ${rows} rows of ${tables} tables from ${file}.`;
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
}
