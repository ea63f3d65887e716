import type { TDeps } from '../../../context.ts';

/** Report building and emailing. */
export function registerReportJobs(_deps: TDeps): void {}
