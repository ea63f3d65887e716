import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '@starloop/config';
import { createDb, findAdminByEmail, type TDbHandle } from '@starloop/db';
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
import { lockFile, releaseServerLock, takeServerLock } from './lib/server-lock.ts';
import { createServer } from './server.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/cli.ts', ...args], {
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
    const output = await runCommand(handle.db, 'admin:create', {
      email: 'Founder@StarLoop.in',
      password: 'long-secret',
      name: 'Founder',
    });
    expect(output).toContain('Created super_admin Founder <founder@starloop.in>');
    const admin = await findAdminByEmail(handle.db, 'founder@starloop.in');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash, 'long-secret')).toBe(true);
    expect(await verifyPassword(admin?.passwordHash, 'wrong-secret')).toBe(false);
  });

  it('refuses a duplicate email (any case) and changes nothing', async () => {
    const before = await countAdmins(handle.db);
    await expect(
      runCommand(handle.db, 'admin:create', {
        email: 'FOUNDER@starloop.in',
        password: 'other-secret',
        name: 'Copy',
      }),
    ).rejects.toThrow(
      new CliError('An admin with the email founder@starloop.in already exists. Nothing was changed.'),
    );
    expect(await countAdmins(handle.db)).toBe(before);
    const admin = await findAdminByEmail(handle.db, 'founder@starloop.in');
    expect(admin?.name).toBe('Founder');
  });

  it('names each bad value', async () => {
    await expect(
      runCommand(handle.db, 'admin:create', { email: 'x', password: '1', name: '' }),
    ).rejects.toThrow(
      /--email must be an email address\n--password must be at least 6 characters\n--name is required/,
    );
    await expect(
      runCommand(handle.db, 'admin:create', {
        email: 'a@b.in',
        password: 'secret1',
        name: 'A',
        role: 'owner',
      }),
    ).rejects.toThrow('--role must be one of super_admin, admin');
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

  it('migrates, creates an admin, then exits non-zero with a message for a duplicate', async () => {
    const migrate = await cli(['db:migrate'], env);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/Applied \d+ migration\(s\)/);

    const created = await cli(
      ['admin:create', '--email', 'ops@starloop.in', '--password', 'secret12', '--name', 'Ops'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created super_admin Ops <ops@starloop.in>');

    const duplicate = await cli(
      ['admin:create', '--email', 'ops@starloop.in', '--password', 'secret12', '--name', 'Ops 2'],
      env,
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain(
      'An admin with the email ops@starloop.in already exists. Nothing was changed.',
    );

    const bad = await cli(['admin:create', '--email', 'nope', '--password', 'secret12', '--name', 'X'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email must be an email address');

    const unknown = await cli(['db:drop'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: db:drop');
  });
});

describe('the CLI while a server holds the embedded database', () => {
  it('hands the command to the running server instead of opening the folder twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starloop-handoff-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const server = await createServer({ config, database: createDb({ dataDir }), logger: false });
    await server.start();
    try {
      const result = await cli(
        ['admin:create', '--email', 'handoff@starloop.in', '--password', 'secret12', '--name', 'H'],
        {
          DATA_DIR: dataDir,
        },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('holds the embedded database: running admin:create through it');
      expect(await findAdminByEmail(server.deps.db, 'handoff@starloop.in')).toBeDefined();
    } finally {
      await server.stop();
    }
  });

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
