import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';

export async function adminAgentsRoutes(_app: FastifyInstance, _options: { deps: TDeps }) {}
