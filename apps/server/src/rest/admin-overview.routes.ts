import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';

export async function adminOverviewRoutes(_app: FastifyInstance, _options: { deps: TDeps }) {}
