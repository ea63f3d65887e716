import { migrateToLatest, type TDb } from '@starloop/db';
import { adminCreate } from './admin-create.ts';
import { adminResetTwoFactor } from './admin-reset-2fa.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { CliError } from './cli-error.ts';
import { seedDemo } from './seed-demo.ts';
import { seedScale } from './seed-scale.ts';
import { recomputeSentiment } from './sentiment-recompute.ts';

export const COMMANDS = [
  'admin:create',
  'admin:reset-2fa',
  'db:backup',
  'db:migrate',
  'db:restore',
  'db:seed',
  'sentiment:recompute',
] as const;
export type TCommand = (typeof COMMANDS)[number];

export const isCommand = (value: string): value is TCommand =>
  (COMMANDS as readonly string[]).includes(value);

/** Runs one command against an open database; the same code whether the CLI or the server runs it. */
export async function runCommand(
  db: TDb,
  command: TCommand,
  args: Record<string, unknown>,
  context: { production: boolean },
): Promise<string> {
  if (command === 'db:seed' && context.production) {
    // Demo owners with known passwords (and a known admin) must never reach a real installation.
    throw new CliError('db:seed is refused when NODE_ENV=production.');
  }
  switch (command) {
    case 'admin:create':
      return adminCreate(db, args);
    case 'admin:reset-2fa':
      return adminResetTwoFactor(db, args);
    case 'db:backup':
      return backupCommand(db, args);
    case 'db:restore':
      return restoreCommand(db, args);
    case 'db:migrate': {
      const applied = await migrateToLatest(db);
      return applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Database is up to date.';
    }
    case 'db:seed':
      if (args.demo) {
        await migrateToLatest(db);
        return seedDemo(db);
      }
      if (args.scale) return migrateToLatest(db).then(() => seedScale(db));
      throw new CliError('Say what to seed: `npm run db:seed -- --demo`.');
    case 'sentiment:recompute':
      return migrateToLatest(db).then(() => recomputeSentiment(db));
  }
}
