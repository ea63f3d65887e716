import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@starloop/config';
import { createDb } from '@starloop/db';
import { CliError } from './cli/cli-error.ts';
import { COMMANDS, isCommand, runCommand } from './cli/commands.ts';
import { readPasswordFrom } from './cli/password-stdin.ts';
import { DataDirBusyError, readLock, releaseServerLock, takeServerLock } from './lib/server-lock.ts';

const USAGE = `Usage (from the repository root):
  npm run admin:create -- --email E --password P --name N [--role super_admin|admin]
  npm run admin:create -- --email E --password-stdin --name N [--role …]   (password on stdin)
  npm run cli -- admin:reset-2fa --email ADMIN --by SUPER_ADMIN
  npm run db:migrate
  npm run db:backup -- --out FILE      (a consistent backup while the app runs)
  npm run db:restore -- --in FILE      (into an empty database: a new DATA_DIR or DATABASE_URL)
  npm run db:seed -- --demo`;

async function viaRunningServer(
  port: number,
  secret: string,
  command: string,
  args: Record<string, unknown>,
) {
  const response = await fetch(`http://127.0.0.1:${port}/internal/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-starloop-cli-secret': secret },
    body: JSON.stringify({ command, args }),
    signal: AbortSignal.timeout(120_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    ok?: boolean;
    output?: string;
    message?: string;
  };
  if (!response.ok || !body.ok)
    throw new CliError(body.output ?? body.message ?? `The server answered ${response.status}.`);
  return body.output ?? '';
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || !isCommand(command)) {
    console.error(command ? `Unknown command: ${command}\n${USAGE}` : USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      by: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      demo: { type: 'boolean' },
      scale: { type: 'boolean' },
      out: { type: 'string' },
      in: { type: 'string' },
    },
    strict: true,
  });
  const { 'password-stdin': passwordStdin, ...args } = values;
  // Files are named from where the user typed the command (npm runs scripts in the workspace).
  for (const key of ['out', 'in'] as const) {
    if (typeof args[key] === 'string')
      args[key] = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[key]);
  }
  if (passwordStdin) {
    if (args.password !== undefined) throw new CliError('Give --password or --password-stdin, not both.');
    args.password = await readPasswordFrom(process.stdin);
  }
  const config = loadConfig();

  if (config.database.driver === 'pglite') {
    const holder = readLock(config.dataDir);
    if (holder?.role === 'server' && holder.port) {
      console.error(
        `A StarLoop server (pid ${holder.pid}) holds the embedded database: running ${command} through it.`,
      );
      console.log(await viaRunningServer(holder.port, holder.secret, command, args));
      return 0;
    }
    if (holder) throw new DataDirBusyError(holder, config.dataDir);
    const lock = takeServerLock(config.dataDir, 'cli');
    const database = createDb({ dataDir: config.dataDir });
    try {
      console.error(`Opening the embedded database in ${config.dataDir}.`);
      console.log(await runCommand(database.db, command, args, { production: config.env === 'production' }));
    } finally {
      await database.close();
      releaseServerLock(lock);
    }
    return 0;
  }

  const database = createDb({ url: config.database.url, poolSize: 2 });
  try {
    console.error('Using PostgreSQL from DATABASE_URL.');
    console.log(await runCommand(database.db, command, args, { production: config.env === 'production' }));
  } finally {
    await database.close();
  }
  return 0;
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof CliError || error instanceof ConfigError || error instanceof DataDirBusyError) {
        console.error(error.message);
      } else if (
        error instanceof TypeError &&
        'code' in error &&
        String(error.code).startsWith('ERR_PARSE_ARGS')
      ) {
        console.error(`${error.message}\n${USAGE}`);
      } else {
        console.error(error);
      }
      process.exit(1);
    },
  );
}

export { COMMANDS };
