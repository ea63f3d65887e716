import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CliError } from '../cli/cli-error.ts';
import { COMMANDS, runCommand } from '../cli/commands.ts';
import type { TDeps } from '../context.ts';
import { readOwnLock } from '../lib/server-lock.ts';

const ZCliRequest = z.object({
  command: z.enum(COMMANDS),
  args: z.record(z.string(), z.unknown()).default({}),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Lets `npm run admin:create` / `db:seed` work while the server holds the embedded database:
 * loopback only, and only with the secret from the lock file under DATA_DIR.
 */
export async function internalCliRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.post('/internal/cli', async (request, reply) => {
    const secret = request.headers['x-starloop-cli-secret'];
    const lock = readOwnLock(deps.config.dataDir);
    const remote = request.socket.remoteAddress ?? '';
    if (!lock || typeof secret !== 'string' || !LOOPBACK.has(remote) || !sameSecret(secret, lock.secret)) {
      return reply.status(404).send({ success: false, message: `Not found: POST /internal/cli` });
    }
    const { command, args } = ZCliRequest.parse(request.body ?? {});
    try {
      const output = await runCommand(deps.db, command, args, {
        production: deps.config.env === 'production',
      });
      request.log.info({ command }, 'cli command run for a local client');
      return { ok: true, output };
    } catch (error) {
      if (error instanceof CliError) return reply.status(400).send({ ok: false, output: error.message });
      throw error;
    }
  });
}
