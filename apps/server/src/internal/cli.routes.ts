import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CliError } from '../cli/cli-error.ts';
import { COMMANDS, runCommand } from '../cli/commands.ts';
import type { TDeps } from '../context.ts';
import { isLoopback, secretsMatch } from '../lib/local-access.ts';
import { readOwnLock } from '../lib/server-lock.ts';

const ZCliRequest = z.object({
  command: z.enum(COMMANDS),
  args: z.record(z.string(), z.unknown()).default({}),
});

/**
 * Lets `npm run admin:create` / `db:seed` work while the server holds the embedded database:
 * loopback only, and only with the secret from the lock file under DATA_DIR.
 */
export async function internalCliRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  const notFound = { success: false, message: `Not found: POST /internal/cli` };
  app.post(
    '/internal/cli',
    {
      // Settled before the body is read; anyone else sees the same 404 as for a path that is not there.
      onRequest: async (request, reply) => {
        const secret = request.headers['x-starloop-cli-secret'];
        const lock = readOwnLock(deps.config.dataDir);
        const allowed =
          lock !== undefined &&
          typeof secret === 'string' &&
          isLoopback(request.socket.remoteAddress) &&
          secretsMatch(lock.secret, secret);
        if (!allowed) return reply.status(404).send(notFound);
      },
    },
    async (request, reply) => {
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
    },
  );
}
