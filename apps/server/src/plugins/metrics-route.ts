import type { FastifyInstance } from 'fastify';
import { isLoopback, secretsMatch } from '../lib/local-access.ts';
import type { TMetrics } from '../lib/metrics.ts';

/**
 * GET /metrics in Prometheus' text format. With METRICS_TOKEN set, only a scraper presenting it as
 * a bearer token gets an answer; without it, only callers on this machine (a sidecar, a node
 * agent, an operator's curl) do. The socket's own address decides, never X-Forwarded-For.
 */
export async function metricsRoute(
  app: FastifyInstance,
  options: { metrics: TMetrics; token: string | undefined },
) {
  app.get('/metrics', async (request, reply) => {
    const { token } = options;
    if (token) {
      const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      if (!secretsMatch(token, given))
        return reply.status(401).send({ success: false, message: 'Unauthorized' });
    } else if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(403).send({ success: false, message: 'Metrics are served on this machine only' });
    }
    reply.header('content-type', options.metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return options.metrics.registry.metrics();
  });
}
