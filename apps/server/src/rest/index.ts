import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { exportAuditLogRoute } from '../domains/admin/audit/export-audit-log.route.ts';
import { adminStatsRoute } from '../domains/admin/overview/get-admin-stats.route.ts';
import { downloadReportRoute } from '../domains/admin/reports/download-report.route.ts';
import { adminInvoiceFilesRoute } from '../domains/billing/export-admin-invoices.route.ts';
import { ownerInvoicePdfRoute } from '../domains/billing/owner-invoice-pdf.route.ts';
import { pubsubPushRoute } from '../domains/google/pubsub-push.route.ts';
import { exportBranchFiguresRoute } from '../domains/owner/account/export-branch-figures.route.ts';
import { downloadAccountExportRoute } from '../domains/owner/account-exports/download-account-export.route.ts';
import { ownerStatsWithReviewsRoute } from '../domains/owner/dashboard/get-owner-stats-with-reviews.route.ts';
import { createReviewRequestRoute } from '../domains/owner/integrations/create-review-request.route.ts';
import { channelEventSink } from '../domains/owner/requests/channels/channel-sink.service.ts';
import { importContactsRoute } from '../domains/owner/requests/import-contacts.route.ts';
import { razorpayWebhookRoute } from '../domains/payments/razorpay-webhook.route.ts';
import { unsubscribeRoute } from '../domains/public/unsubscribe/unsubscribe.route.ts';
import { emailInboundRoute } from '../domains/webhooks/email-inbound.route.ts';
import { smsWebhookRoute } from '../domains/webhooks/sms-webhook.route.ts';
import { whatsappWebhookRoute } from '../domains/webhooks/whatsapp-webhook.route.ts';
import { appRouter } from '../trpc/router.ts';
import { docsRoutes } from './docs.routes.ts';
import { registerOperationRoutes } from './operation-routes.ts';

/**
 * The REST adapter at the spec's documented paths (section 7), mounted at /api: every procedure
 * with a REST binding, plus the few routes whose answers cannot be a procedure's (each declares
 * who may call it, enforced by defineRestRoute).
 */
export async function restApi(app: FastifyInstance, { deps }: { deps: TDeps }) {
  registerOperationRoutes(app, deps, appRouter);
  await app.register(ownerStatsWithReviewsRoute, { deps });
  await app.register(adminStatsRoute, { deps });
  await app.register(downloadReportRoute, { deps });
  await app.register(razorpayWebhookRoute, { deps });
  await app.register(unsubscribeRoute, { deps });
  await app.register(importContactsRoute, { deps });
  await app.register(whatsappWebhookRoute, { deps, sink: channelEventSink });
  await app.register(smsWebhookRoute, { deps, sink: channelEventSink });
  await app.register(emailInboundRoute, { deps });
  await app.register(createReviewRequestRoute, { deps });
  await app.register(exportBranchFiguresRoute, { deps });
  await app.register(ownerInvoicePdfRoute, { deps });
  await app.register(downloadAccountExportRoute, { deps });
  await app.register(adminInvoiceFilesRoute, { deps });
  await app.register(exportAuditLogRoute, { deps });
  await app.register(pubsubPushRoute, { deps });
  await app.register(docsRoutes, { deps });
}
