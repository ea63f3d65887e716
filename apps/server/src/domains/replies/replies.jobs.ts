import type { TDeps } from '../../context.ts';

/** Reply drafting, reply emails and owner notifications. */
export function registerReplyJobs(_deps: TDeps): void {}
