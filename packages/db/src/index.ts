export * from './backup.ts';
export * from './client.ts';
export type * from './database.ts';
export * from './health.ts';
export * from './migrate.ts';
export * from './pg-errors.ts';
export * from './repositories/account-admin.ts';
export * from './repositories/accounts.ts';
export * from './repositories/activity.ts';
export * from './repositories/admin-security.ts';
export * from './repositories/admins.ts';
export * from './repositories/agents.ts';
export * from './repositories/api-keys.ts';
export * from './repositories/audit-log.ts';
export * from './repositories/autopay.ts';
export * from './repositories/billing.ts';
export * from './repositories/branch-figures.ts';
export * from './repositories/business-codes.ts';
export * from './repositories/case-alerts.ts';
export * from './repositories/case-messages.ts';
export * from './repositories/cases.ts';
export * from './repositories/channel-send-attempts.ts';
export * from './repositories/channel-settings.ts';
export * from './repositories/contact-imports.ts';
export * from './repositories/contacts.ts';
export * from './repositories/email-outbox.ts';
export * from './repositories/email-suppressions.ts';
export * from './repositories/google/google-connections.ts';
export * from './repositories/google/google-notifications.ts';
export * from './repositories/google/google-oauth-states.ts';
export * from './repositories/google/google-replies.ts';
export * from './repositories/google/google-reviews.ts';
export * from './repositories/google/google-sync.ts';
export * from './repositories/invoices.ts';
export * from './repositories/job-failures.ts';
export * from './repositories/leads.ts';
export * from './repositories/low-rating-alerts.ts';
export * from './repositories/manual-payments.ts';
export * from './repositories/one-time-tokens.ts';
export * from './repositories/outbound-webhooks.ts';
export * from './repositories/owner-digests.ts';
export * from './repositories/owners.ts';
export {
  pageWindow,
  type TPage,
  type TPageRequest,
  type TPageWindow,
  type TSortDirection,
  type TSortedListQuery,
} from './repositories/paging.ts';
export * from './repositories/payments.ts';
export * from './repositories/placements.ts';
export * from './repositories/rating-sql.ts';
export * from './repositories/registration-attempts.ts';
export * from './repositories/renewal-reminders.ts';
export * from './repositories/replies.ts';
export * from './repositories/reply-recipients.ts';
export * from './repositories/reply-templates.ts';
export * from './repositories/reports.ts';
export * from './repositories/review-actions.ts';
export * from './repositories/review-reminders.ts';
export * from './repositories/review-requests/branch-requests.ts';
export * from './repositories/review-requests/request-campaigns.ts';
export * from './repositories/review-requests/request-deliveries.ts';
export * from './repositories/review-requests/request-settings.ts';
export * from './repositories/review-requests/request-usage.ts';
export * from './repositories/review-requests/review-requests.ts';
export * from './repositories/reviews.ts';
export { containsPattern } from './repositories/search.ts';
export * from './repositories/sessions.ts';
export * from './repositories/sourced-reviews.ts';
export * from './repositories/stat-counters.ts';
export * from './repositories/subscriptions.ts';
export * from './repositories/webhook-events.ts';
export * from './transaction.ts';
