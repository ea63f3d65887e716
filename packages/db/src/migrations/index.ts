import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-0001-initial.ts';
import * as adminLists from './2026-11-22-0003-admin-lists.ts';
import * as replies from './2026-11-22-0005-replies.ts';
import * as batchedCounters from './2026-11-22-0007-batched-counters.ts';
import * as registrationAttempts from './2026-11-25-0009-registration-attempts.ts';
import * as adminSecurity from './2026-11-25-0010-admin-security.ts';
import * as mailSafety from './2026-11-25-0011-mail-safety.ts';
import * as rateLimits from './2026-11-25-0012-rate-limits.ts';
import * as jobFailures from './2026-11-25-0013-job-failures.ts';
import * as placements from './2026-11-25-0014-placements.ts';
import * as reviewPageLanguage from './2026-11-25-0015-review-page-language.ts';
import * as reviewRequests from './2026-11-25-0016-review-requests.ts';
import * as requestChannels from './2026-11-25-0017-request-channels.ts';
import * as googleReviews from './2026-11-25-0018-google-reviews.ts';
import * as registrationRefunds from './2026-11-27-0019-registration-refunds.ts';
import * as reviewPageLanguageList from './2026-11-28-0020-review-page-language-list.ts';
import * as accounts from './2026-11-28-0021-accounts.ts';
import * as reviewDays from './2026-11-28-0022-review-days.ts';
import * as billingDetails from './2026-11-28-0023-billing-details.ts';
import * as invoices from './2026-11-28-0024-invoices.ts';
import * as renewalReminders from './2026-11-28-0025-renewal-reminders.ts';
import * as autopay from './2026-11-28-0026-autopay.ts';
import * as gstCounters from './2026-11-28-0027-gst-counters.ts';
import * as renewalWhatsApp from './2026-11-28-0028-renewal-whatsapp.ts';
import * as feedbackCases from './2026-11-28-0029-feedback-cases.ts';
import * as caseMessages from './2026-11-28-0030-case-messages.ts';
import * as caseSourcesAndFigures from './2026-11-28-0031-case-sources-and-figures.ts';
import * as caseAlerts from './2026-11-28-0032-case-alerts.ts';
import * as accountExports from './2026-11-28-0033-account-exports.ts';
import * as accountClosure from './2026-11-28-0034-account-closure.ts';
import * as dataRequests from './2026-11-28-0035-data-requests.ts';
import * as businessCodeHistory from './2026-11-28-0036-business-code-history.ts';
import * as pushSubscriptions from './2026-11-28-0037-push-subscriptions.ts';
import * as personLanguage from './2026-11-28-0039-person-language.ts';

/** Static map so migrations bundle cleanly; keys sort by date prefix. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0003-admin-lists': adminLists,
  '2026-11-22-0005-replies': replies,
  '2026-11-22-0007-batched-counters': batchedCounters,
  '2026-11-25-0009-registration-attempts': registrationAttempts,
  '2026-11-25-0010-admin-security': adminSecurity,
  '2026-11-25-0011-mail-safety': mailSafety,
  '2026-11-25-0012-rate-limits': rateLimits,
  '2026-11-25-0013-job-failures': jobFailures,
  '2026-11-25-0014-placements': placements,
  '2026-11-25-0015-review-page-language': reviewPageLanguage,
  '2026-11-25-0016-review-requests': reviewRequests,
  '2026-11-25-0017-request-channels': requestChannels,
  '2026-11-25-0018-google-reviews': googleReviews,
  '2026-11-27-0019-registration-refunds': registrationRefunds,
  '2026-11-28-0020-review-page-language-list': reviewPageLanguageList,
  '2026-11-28-0021-accounts': accounts,
  '2026-11-28-0022-review-days': reviewDays,
  '2026-11-28-0023-billing-details': billingDetails,
  '2026-11-28-0024-invoices': invoices,
  '2026-11-28-0025-renewal-reminders': renewalReminders,
  '2026-11-28-0026-autopay': autopay,
  '2026-11-28-0027-gst-counters': gstCounters,
  '2026-11-28-0028-renewal-whatsapp': renewalWhatsApp,
  '2026-11-28-0029-feedback-cases': feedbackCases,
  '2026-11-28-0030-case-messages': caseMessages,
  '2026-11-28-0031-case-sources-and-figures': caseSourcesAndFigures,
  '2026-11-28-0032-case-alerts': caseAlerts,
  '2026-11-28-0033-account-exports': accountExports,
  '2026-11-28-0034-account-closure': accountClosure,
  '2026-11-28-0035-data-requests': dataRequests,
  '2026-11-28-0036-business-code-history': businessCodeHistory,
  '2026-11-28-0037-push-subscriptions': pushSubscriptions,
  '2026-11-28-0039-person-language': personLanguage,
};
