import { ConfigError, loadConfig } from '@starloop/config';
import { DataDirBusyError } from './lib/server-lock.ts';
import { createServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const server = await createServer({ config });
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      // A second signal: the operator wants out now. Acknowledged reviews are already committed.
      server.app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    shuttingDown = true;
    const timeoutMs = config.limits.shutdownTimeoutMs;
    server.app.log.info({ signal, timeoutMs }, 'shutting down: draining in-flight requests and jobs');
    const force = setTimeout(() => {
      server.app.log.error({ timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    server.stop().then(
      () => {
        server.app.log.info('shut down cleanly');
        process.exit(0);
      },
      (error) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A stray rejection or emitter error is logged with its context; it never ends the process
  // (a request path that lost its database answers 503 and the next one works again).
  process.on('unhandledRejection', (reason) => {
    server.app.log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  try {
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('StarLoop could not start:', error);
  }
  process.exit(1);
});
