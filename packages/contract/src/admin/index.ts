/** The admin back office's contract, one file per area of the API. */
export * from './admins.ts';
export * from './agents.ts';
export * from './audit.ts';
export {
  ADMIN_OPS_TEXTS,
  ADMIN_SORT_ORDERS,
  ADMIN_TEXTS,
  type TAdminSortOrder,
  ZAdminIdParam,
  ZAdminOpsIdParam,
  ZIdInput,
} from './common.ts';
export * from './jobs.ts';
export * from './leads.ts';
export * from './manual-payments.ts';
export * from './onboarding.ts';
export * from './outbox.ts';
export * from './overview.ts';
export * from './payments.ts';
export * from './reports.ts';
export * from './reviews.ts';
export * from './security.ts';
export * from './user-account.ts';
export * from './users.ts';
