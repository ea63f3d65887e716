import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';

export async function adminOnboardingRoutes(_app: FastifyInstance, _options: { deps: TDeps }) {}
