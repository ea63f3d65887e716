import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';

export async function reportsRoutes(_app: FastifyInstance, _options: { deps: TDeps }) {}
