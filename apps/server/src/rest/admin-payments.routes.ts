import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';

export async function adminPaymentsRoutes(_app: FastifyInstance, _options: { deps: TDeps }) {}
