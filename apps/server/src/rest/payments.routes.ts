import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';

export async function paymentsRoutes(_app: FastifyInstance, _options: { deps: TDeps }) {}
