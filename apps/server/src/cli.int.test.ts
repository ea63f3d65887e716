import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '@starloop/config';
import { createDb, findAdminByEmail, migrateToLatest, type TDbHandle } from '@starloop/db';
import {
  createEmptyPostgresDatabase,
  createTestDb,
  testDatabaseUrl,
  testDriverName,
} from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/passwords.ts';
import { CliError } from './cli/cli-error.ts';
import { runCommand } from './cli/commands.ts';
import { readPasswordFrom } from './cli/password-stdin.ts';
import { lockFile, releaseServerLock, takeServerLock } from './lib/server-lock.ts';
import { createServer } from './server.ts';

/** Commands as a developer runs them (production refuses db:seed). */
const DEV = { production: false };

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The CLI as production runs it: bundled once for this file (a few seconds) into a folder of its
 * own under node_modules/.cache, then started with node for each command, instead of compiling
 * the whole server through tsx for every command (8 s each on a 2-core machine).
 */
const buildDir = path.join('node_modules', '.cache', `cli-test-${process.pid}`);
const cliEntry = path.join(serverDir, buildDir, 'cli.js');
let built: Promise<unknown> | undefined;
const cliBuilt = () => {
  built ??= run(process.execPath, ['scripts/build.mjs', '--outdir', buildDir], { cwd: serverDir });
  return built;
};
afterAll(() => rmSync(path.join(serverDir, buildDir), { recursive: true, force: true }));

/** The CLI with `input` on its standard input (as `echo … | npm run admin:create -- --password-stdin`). */
async function cliWithStdin(args: string[], env: Record<string, string>, input: string) {
  await cliBuilt();
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', cliEntry, ...args], {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

async function cli(args: string[], env: Record<string, string>) {
  await cliBuilt();
  try {
    const { stdout, stderr } = await run(process.execPath, ['--enable-source-maps', cliEntry, ...args], {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const countAdmins = async (db: TDbHandle['db']) =>
  Number(
    (
      await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`admin:create on ${testDriverName()}`, () => {
  let handle: TDbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('creates an admin whose password verifies (argon2id)', async () => {
    const output = await runCommand(
      handle.db,
      'admin:create',
      {
        email: 'Founder@StarLoop.in',
        password: 'long-secret',
        name: 'Founder',
      },
      DEV,
    );
    expect(output).toContain('Created super_admin Founder <founder@starloop.in>');
    const admin = await findAdminByEmail(handle.db, 'founder@starloop.in');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash, 'long-secret')).toBe(true);
    expect(await verifyPassword(admin?.passwordHash, 'wrong-secret')).toBe(false);
  });

  it('writes the creation to the audit trail as the command line, without the password', async () => {
    const [row] = await handle.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'admin.create')
      .execute();
    const admin = await findAdminByEmail(handle.db, 'founder@starloop.in');
    expect(row).toMatchObject({
      actorKind: 'system',
      actorId: null,
      targetTable: 'admins',
      targetId: admin?.id,
      details: { email: 'founder@starloop.in', role: 'super_admin', via: 'cli' },
    });
    expect(JSON.stringify(row)).not.toContain('long-secret');
  });

  it('reads --password-stdin as one line without its line break', async () => {
    const from = (...chunks: string[]) =>
      readPasswordFrom(
        (async function* () {
          yield* chunks;
        })(),
      );
    expect(await from('piped-pass\n')).toBe('piped-pass');
    expect(await from('pi', 'ped pass\r\n')).toBe('piped pass');
    expect(await from('no-newline')).toBe('no-newline');
  });

  it('refuses a duplicate email (any case) and changes nothing', async () => {
    const before = await countAdmins(handle.db);
    await expect(
      runCommand(
        handle.db,
        'admin:create',
        {
          email: 'FOUNDER@starloop.in',
          password: 'other-secret',
          name: 'Copy',
        },
        DEV,
      ),
    ).rejects.toThrow(
      new CliError('An admin with the email founder@starloop.in already exists. Nothing was changed.'),
    );
    expect(await countAdmins(handle.db)).toBe(before);
    const admin = await findAdminByEmail(handle.db, 'founder@starloop.in');
    expect(admin?.name).toBe('Founder');
  });

  it('names each bad value', async () => {
    await expect(
      runCommand(handle.db, 'admin:create', { email: 'x', password: '1', name: '' }, DEV),
    ).rejects.toThrow(
      /--email must be an email address\n--password must be at least 6 characters\n--name is required/,
    );
    await expect(
      runCommand(
        handle.db,
        'admin:create',
        {
          email: 'a@b.in',
          password: 'secret1',
          name: 'A',
          role: 'owner',
        },
        DEV,
      ),
    ).rejects.toThrow('--role must be one of super_admin, admin');
  });

  it('refuses to seed demo data in production, and writes nothing', async () => {
    await expect(runCommand(handle.db, 'db:seed', { demo: true }, { production: true })).rejects.toThrow(
      'db:seed is refused when NODE_ENV=production.',
    );
    const owners = await handle.db
      .selectFrom('owners')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(owners?.n)).toBe(0);
  });
});

describe(`the CLI process on ${testDriverName()}`, () => {
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const serverUrl = testDatabaseUrl();
    if (serverUrl) {
      const database = await createEmptyPostgresDatabase(serverUrl);
      drop = database.drop;
      env = { DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-cli-')) };
    } else {
      env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-cli-')) };
    }
  });
  afterAll(async () => {
    await drop?.();
  });

  it('migrates, creates an admin, then exits non-zero with a message for a duplicate', {
    timeout: 90_000,
  }, async () => {
    const migrate = await cli(['db:migrate'], env);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/Applied \d+ migration\(s\)/);

    const created = await cli(
      ['admin:create', '--email', 'ops@starloop.in', '--password', 'ops-secret-2026', '--name', 'Ops'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created super_admin Ops <ops@starloop.in>');

    const duplicate = await cli(
      ['admin:create', '--email', 'ops@starloop.in', '--password', 'ops-secret-2026', '--name', 'Ops 2'],
      env,
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain(
      'An admin with the email ops@starloop.in already exists. Nothing was changed.',
    );

    const bad = await cli(
      ['admin:create', '--email', 'nope', '--password', 'ops-secret-2026', '--name', 'X'],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email must be an email address');

    const unknown = await cli(['db:drop'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: db:drop');
  });

  it('admin:create --password-stdin reads the password from standard input', {
    timeout: 90_000,
  }, async () => {
    // The password from standard input: it never shows in the process list.
    const piped = await cliWithStdin(
      [
        'admin:create',
        '--email',
        'piped@starloop.in',
        '--password-stdin',
        '--name',
        'Piped',
        '--role',
        'admin',
      ],
      env,
      'piped-pass-from-stdin\n',
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('Created admin Piped <piped@starloop.in>');
    const check = createDb({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      const stored = await findAdminByEmail(check.db, 'piped@starloop.in');
      // The line break that ends the piped line is not part of the password.
      expect(await verifyPassword(stored?.passwordHash, 'piped-pass-from-stdin')).toBe(true);
    } finally {
      await check.close();
    }
    const both = await cliWithStdin(
      [
        'admin:create',
        '--email',
        'both@starloop.in',
        '--password',
        'x-pass-123',
        '--password-stdin',
        '--name',
        'B',
      ],
      env,
      'y-pass-123\n',
    );
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('Give --password or --password-stdin, not both.');
    const common = await cliWithStdin(
      ['admin:create', '--email', 'weak@starloop.in', '--password-stdin', '--name', 'W'],
      env,
      'iloveyou\n',
    );
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('This password is too common');
  });
});

describe('the CLI while a server holds the embedded database', () => {
  it('hands the command to the running server instead of opening the folder twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starloop-handoff-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    // Migrated first: on a busy machine, migrating inside start() can outlast Fastify's ready timeout.
    const database = createDb({ dataDir });
    await migrateToLatest(database.db);
    const server = await createServer({ config, database, logger: false });
    await server.start();
    try {
      const result = await cli(
        ['admin:create', '--email', 'handoff@starloop.in', '--password', 'ops-secret-2026', '--name', 'H'],
        {
          DATA_DIR: dataDir,
        },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('holds the embedded database: running admin:create through it');
      expect(await findAdminByEmail(server.deps.db, 'handoff@starloop.in')).toBeDefined();

      // A backup while the server runs, restored into a new folder; never over live data.
      const file = path.join(dataDir, '..', `${path.basename(dataDir)}.backup.gz`);
      const backup = await cli(['db:backup', '--out', file], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up \d+ rows of \d+ tables to /);
      const overLive = await cli(['db:restore', '--in', file], { DATA_DIR: dataDir });
      expect(overLive.code).toBe(1);
      expect(overLive.stderr).toContain('The target database is not empty');
      const fresh = mkdtempSync(path.join(tmpdir(), 'starloop-restored-'));
      const restore = await cli(['db:restore', '--in', file], { DATA_DIR: fresh });
      expect(restore.code, restore.stderr).toBe(0);
      const restored = createDb({ dataDir: fresh });
      try {
        expect(await findAdminByEmail(restored.db, 'handoff@starloop.in')).toBeDefined();
      } finally {
        await restored.close();
      }
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('refuses to open a folder another live process holds, and ignores a stale lock', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starloop-lock-'));
    // The parent process is alive and is not us: it stands in for another server.
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid: process.ppid, role: 'server', port: 1, secret: 's', startedAt: '' }),
    );
    expect(() => takeServerLock(dataDir)).toThrow(
      /A StarLoop server \(pid \d+\) is using the embedded database/,
    );
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid: 999_999_999, role: 'server', secret: 's', startedAt: '' }),
    );
    const lock = takeServerLock(dataDir);
    expect(lock.info.pid).toBe(process.pid);
    releaseServerLock(lock);
  });
});
