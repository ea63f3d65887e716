import type { TDeps } from '../context.ts';
import { registerMaintenanceJobs } from './maintenance.job.ts';

/** Every domain declares its workers here; they start when the app is ready. */
export function registerJobs(deps: TDeps): void {
  registerMaintenanceJobs(deps);
}
