import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@starloop/config';
import Fastify from 'fastify';
import type { TDeps } from '../context.ts';
import { routeRegistry } from '../rest/define-route.ts';
import { restApi } from '../rest/index.ts';
import { buildOpenApiDocument, type TOpenApiDocument } from '../rest/openapi.ts';

/**
 * The OpenAPI document without a database or a server: the REST plugin registered on a bare
 * Fastify records every route (procedures and defineRestRoute routes) as the server does, and the
 * document is built from that registry as GET /api/docs/openapi.json builds it. The routes only
 * read their dependencies when called, so the config is all they get.
 */
export async function openApiDocumentWithoutServer(): Promise<TOpenApiDocument> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-openapi-')),
    TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
  });
  const app = Fastify({ logger: false });
  try {
    await app.register(restApi, { prefix: '/api', deps: { config } as TDeps });
    await app.ready();
  } finally {
    await app.close();
  }
  return buildOpenApiDocument(routeRegistry, config.appUrl);
}
