import { addAccountBranchOperation } from '../domains/admin/accounts/add-account-branch.ts';
import { exportAccountOperation } from '../domains/admin/accounts/export-account.ts';
import { mergeAccountOperation } from '../domains/admin/accounts/merge-account.ts';
import { createAdminOperation } from '../domains/admin/admins/create-admin.ts';
import { listAdminsOperation } from '../domains/admin/admins/list-admins.ts';
import { updateAdminOperation } from '../domains/admin/admins/update-admin.ts';
import { createAgentOperation } from '../domains/admin/agents/create-agent.ts';
import { deleteAgentOperation } from '../domains/admin/agents/delete-agent.ts';
import { listAgentsOperation } from '../domains/admin/agents/list-agents.ts';
import { updateAgentOperation } from '../domains/admin/agents/update-agent.ts';
import { listAuditOperation } from '../domains/admin/audit/list-audit.ts';
import { changePasswordOperation } from '../domains/admin/auth/change-password.ts';
import { enrolTotpOperation } from '../domains/admin/auth/enrol-totp.ts';
import { getAdminOperation } from '../domains/admin/auth/get-admin.ts';
import { loginAdminOperation } from '../domains/admin/auth/login-admin.ts';
import { logoutAdminOperation } from '../domains/admin/auth/logout-admin.ts';
import { verifyTotpOperation } from '../domains/admin/auth/verify-totp.ts';
import { getBillingProfileOperation } from '../domains/admin/billing/get-billing-profile.ts';
import { updateBillingProfileOperation } from '../domains/admin/billing/update-billing-profile.ts';
import { listJobFailuresOperation } from '../domains/admin/jobs/list-job-failures.ts';
import { deleteLeadOperation } from '../domains/admin/leads/delete-lead.ts';
import { listLeadsOperation } from '../domains/admin/leads/list-leads.ts';
import { updateLeadOperation } from '../domains/admin/leads/update-lead.ts';
import { listManualPaymentsOperation } from '../domains/admin/manual-payments/list-manual-payments.ts';
import { createOnboardingOperation } from '../domains/admin/onboarding/create-onboarding.ts';
import { listOutboxOperation } from '../domains/admin/outbox/list-outbox.ts';
import { getOverviewStatsOperation } from '../domains/admin/overview/get-overview-stats.ts';
import { listActivityOperation } from '../domains/admin/overview/list-activity.ts';
import { listPaymentsOperation } from '../domains/admin/payments/list-payments.ts';
import { refundPaymentOperation } from '../domains/admin/payments/refund-payment.ts';
import { getGrievanceOfficerOperation } from '../domains/admin/privacy/get-grievance-officer.ts';
import { updateGrievanceOfficerOperation } from '../domains/admin/privacy/update-grievance-officer.ts';
import { exportReportOperation } from '../domains/admin/reports/export-report.ts';
import { listReviewsOperation } from '../domains/admin/reviews/list-reviews.ts';
import { getSecuritySettingsOperation } from '../domains/admin/security/get-security-settings.ts';
import { updateSecuritySettingsOperation } from '../domains/admin/security/update-security-settings.ts';
import { deleteUserOperation } from '../domains/admin/users/delete-user.ts';
import { getUserAccountOperation } from '../domains/admin/users/get-user-account.ts';
import { getUserGoogleOperation } from '../domains/admin/users/get-user-google.ts';
import { getUserRequestsOperation } from '../domains/admin/users/get-user-requests.ts';
import { listUsersOperation } from '../domains/admin/users/list-users.ts';
import { moveUserOperation } from '../domains/admin/users/move-user.ts';
import { reopenUserOperation } from '../domains/admin/users/reopen-user.ts';
import { resendInvitationOperation } from '../domains/admin/users/resend-invitation.ts';
import { updateUserOperation } from '../domains/admin/users/update-user.ts';
import { listAdminInvoicesOperation } from '../domains/billing/list-admin-invoices.ts';
import { listAdminRenewalsOperation } from '../domains/billing/list-admin-renewals.ts';
import { listOwnerInvoicesOperation } from '../domains/billing/list-owner-invoices.ts';
import { remindRenewalOperation } from '../domains/billing/remind-renewal.ts';
import { addBranchOperation } from '../domains/owner/account/add-branch.ts';
import { closeAccountOperation } from '../domains/owner/account/close-account.ts';
import { getAccountOperation } from '../domains/owner/account/get-account.ts';
import { getAccountBillingOperation } from '../domains/owner/account/get-account-billing.ts';
import { getAccountClosureOperation } from '../domains/owner/account/get-account-closure.ts';
import { getBranchFiguresOperation } from '../domains/owner/account/get-branch-figures.ts';
import { getRetentionSettingsOperation } from '../domains/owner/account/get-retention-settings.ts';
import { inviteMemberOperation } from '../domains/owner/account/invite-member.ts';
import { listAccountRequestsOperation } from '../domains/owner/account/list-account-requests.ts';
import { listAccountReviewsOperation } from '../domains/owner/account/list-account-reviews.ts';
import { listMembersOperation } from '../domains/owner/account/list-members.ts';
import { removeMemberOperation } from '../domains/owner/account/remove-member.ts';
import { revokeInvitationOperation } from '../domains/owner/account/revoke-invitation.ts';
import { updateAccountBillingOperation } from '../domains/owner/account/update-account-billing.ts';
import { updateMemberOperation } from '../domains/owner/account/update-member.ts';
import { updateRetentionSettingsOperation } from '../domains/owner/account/update-retention-settings.ts';
import { getAccountExportOperation } from '../domains/owner/account-exports/get-account-export.ts';
import { listAccountExportsOperation } from '../domains/owner/account-exports/list-account-exports.ts';
import { startAccountExportOperation } from '../domains/owner/account-exports/start-account-export.ts';
import { getAlertPreferencesOperation } from '../domains/owner/alerts/get-alert-preferences.ts';
import { updateAlertPreferencesOperation } from '../domains/owner/alerts/update-alert-preferences.ts';
import { changeBusinessCodeOperation } from '../domains/owner/business/change-business-code.ts';
import { getBusinessOperation } from '../domains/owner/business/get-business.ts';
import { updateBusinessOperation } from '../domains/owner/business/update-business.ts';
import { addCaseNoteOperation } from '../domains/owner/cases/add-case-note.ts';
import { bulkUpdateCasesOperation } from '../domains/owner/cases/bulk-update-cases.ts';
import { getCaseOperation } from '../domains/owner/cases/get-case.ts';
import { getCaseFiguresOperation } from '../domains/owner/cases/get-case-figures.ts';
import { getCaseSettingsOperation } from '../domains/owner/cases/get-case-settings.ts';
import { listCaseAssigneesOperation } from '../domains/owner/cases/list-case-assignees.ts';
import { listCaseReplyTemplatesOperation } from '../domains/owner/cases/list-case-reply-templates.ts';
import { listCasesOperation } from '../domains/owner/cases/list-cases.ts';
import { sendCaseMessageOperation } from '../domains/owner/cases/send-case-message.ts';
import { updateCaseOperation } from '../domains/owner/cases/update-case.ts';
import { updateCaseReplyTemplateOperation } from '../domains/owner/cases/update-case-reply-template.ts';
import { updateCaseSettingsOperation } from '../domains/owner/cases/update-case-settings.ts';
import { getChannelSettingsOperation } from '../domains/owner/channels/get-channel-settings.ts';
import { updateChannelSettingsOperation } from '../domains/owner/channels/update-channel-settings.ts';
import { getOwnerReviewOperation } from '../domains/owner/dashboard/get-owner-review.ts';
import { getOwnerStatsOperation } from '../domains/owner/dashboard/get-owner-stats.ts';
import { listOwnerReviewsOperation } from '../domains/owner/dashboard/list-owner-reviews.ts';
import { completeDataRequestOperation } from '../domains/owner/data-requests/complete-data-request.ts';
import { listDataRequestsOperation } from '../domains/owner/data-requests/list-data-requests.ts';
import { getOwnerOperation } from '../domains/owner/get-owner.ts';
import { disconnectGoogleOperation } from '../domains/owner/google/disconnect-google.ts';
import { finishGoogleConnectOperation } from '../domains/owner/google/finish-google-connect.ts';
import { getGoogleStatusOperation } from '../domains/owner/google/get-google-status.ts';
import { listGoogleLocationsOperation } from '../domains/owner/google/list-google-locations.ts';
import { publishGoogleReplyOperation } from '../domains/owner/google/publish-google-reply.ts';
import { selectGoogleLocationOperation } from '../domains/owner/google/select-google-location.ts';
import { startGoogleConnectOperation } from '../domains/owner/google/start-google-connect.ts';
import { syncGoogleOperation } from '../domains/owner/google/sync-google.ts';
import { updateGoogleReplyRulesOperation } from '../domains/owner/google/update-google-reply-rules.ts';
import { createApiKeyOperation } from '../domains/owner/integrations/api-keys/create-api-key.ts';
import { listApiKeysOperation } from '../domains/owner/integrations/api-keys/list-api-keys.ts';
import { revokeApiKeyOperation } from '../domains/owner/integrations/api-keys/revoke-api-key.ts';
import { createWebhookEndpointOperation } from '../domains/owner/integrations/webhooks/create-webhook-endpoint.ts';
import { deleteWebhookEndpointOperation } from '../domains/owner/integrations/webhooks/delete-webhook-endpoint.ts';
import { listWebhookDeliveriesOperation } from '../domains/owner/integrations/webhooks/list-webhook-deliveries.ts';
import { listWebhookEndpointsOperation } from '../domains/owner/integrations/webhooks/list-webhook-endpoints.ts';
import { getMyLanguageOperation } from '../domains/owner/language/get-my-language.ts';
import { updateMyLanguageOperation } from '../domains/owner/language/update-my-language.ts';
import { loginOwnerOperation } from '../domains/owner/login-owner.ts';
import { logoutOwnerOperation } from '../domains/owner/logout-owner.ts';
import { getOnboardingChecklistOperation } from '../domains/owner/onboarding/get-onboarding-checklist.ts';
import { recordOnboardingEventOperation } from '../domains/owner/onboarding/record-onboarding-event.ts';
import { createPlacementOperation } from '../domains/owner/placements/create-placement.ts';
import { deletePlacementOperation } from '../domains/owner/placements/delete-placement.ts';
import { getPlacementStatsOperation } from '../domains/owner/placements/get-placement-stats.ts';
import { getStaffLeaderboardOperation } from '../domains/owner/placements/get-staff-leaderboard.ts';
import { listPlacementsOperation } from '../domains/owner/placements/list-placements.ts';
import { renamePlacementOperation } from '../domains/owner/placements/rename-placement.ts';
import { cancelAutopayOperation } from '../domains/owner/plan/cancel-autopay.ts';
import { createPlanOrderOperation } from '../domains/owner/plan/create-plan-order.ts';
import { getOwnerPlanOperation } from '../domains/owner/plan/get-owner-plan.ts';
import { startAutopayOperation } from '../domains/owner/plan/start-autopay.ts';
import { listPushSubscriptionsOperation } from '../domains/owner/push/list-push-subscriptions.ts';
import { subscribePushOperation } from '../domains/owner/push/subscribe-push.ts';
import { unsubscribePushOperation } from '../domains/owner/push/unsubscribe-push.ts';
import { addContactOperation } from '../domains/owner/requests/add-contact.ts';
import { cancelCampaignOperation } from '../domains/owner/requests/cancel-campaign.ts';
import { commitImportOperation } from '../domains/owner/requests/commit-import.ts';
import { createCampaignOperation } from '../domains/owner/requests/create-campaign.ts';
import { getCampaignOperation } from '../domains/owner/requests/get-campaign.ts';
import { getContactHistoryOperation } from '../domains/owner/requests/get-contact-history.ts';
import { getRequestSettingsOperation } from '../domains/owner/requests/get-request-settings.ts';
import { getRequestSummaryOperation } from '../domains/owner/requests/get-request-summary.ts';
import { listCampaignsOperation } from '../domains/owner/requests/list-campaigns.ts';
import { listContactsOperation } from '../domains/owner/requests/list-contacts.ts';
import { optOutContactOperation } from '../domains/owner/requests/opt-out-contact.ts';
import { sendRequestOperation } from '../domains/owner/requests/send-request.ts';
import { updateRequestSettingsOperation } from '../domains/owner/requests/update-request-settings.ts';
import { openReviewCaseOperation } from '../domains/owner/reviews/open-review-case.ts';
import { sendReviewReplyOperation } from '../domains/owner/reviews/send-review-reply.ts';
import { changeOwnerPasswordOperation } from '../domains/owner/settings/change-owner-password.ts';
import { getOwnerSettingsOperation } from '../domains/owner/settings/get-owner-settings.ts';
import { updateOwnerSettingsOperation } from '../domains/owner/settings/update-owner-settings.ts';
import { listTemplatesOperation } from '../domains/owner/templates/list-templates.ts';
import { previewTemplateOperation } from '../domains/owner/templates/preview-template.ts';
import { resetTemplateOperation } from '../domains/owner/templates/reset-template.ts';
import { updateTemplateOperation } from '../domains/owner/templates/update-template.ts';
import { initiatePaymentOperation } from '../domains/payments/initiate-payment.ts';
import { completeTestPaymentOperation } from '../domains/payments/test-gateway/complete-test-payment.ts';
import { verifyPaymentOperation } from '../domains/payments/verify-payment.ts';
import { checkBusinessCodeOperation } from '../domains/public/business-code/check-business-code.ts';
import { acceptInvitationOperation } from '../domains/public/invitations/accept-invitation.ts';
import { createLeadOperation } from '../domains/public/lead/create-lead.ts';
import { createMyDataRequestsOperation } from '../domains/public/my-data/create-my-data-requests.ts';
import { requestMyDataCodeOperation } from '../domains/public/my-data/request-my-data-code.ts';
import { verifyMyDataCodeOperation } from '../domains/public/my-data/verify-my-data-code.ts';
import { withdrawMyConsentOperation } from '../domains/public/my-data/withdraw-my-consent.ts';
import { requestPasswordResetOperation } from '../domains/public/password/request-password-reset.ts';
import { resetPasswordOperation } from '../domains/public/password/reset-password.ts';
import { setPasswordOperation } from '../domains/public/password/set-password.ts';
import { setPasswordWithTokenOperation } from '../domains/public/password/set-password-with-token.ts';
import { getPublicGrievanceOfficerOperation } from '../domains/public/privacy/get-grievance-officer.ts';
import { getReviewLinkOperation } from '../domains/public/review/get-review-link.ts';
import { submitReviewOperation } from '../domains/public/review/submit-review.ts';
import { getSystemInfoOperation } from '../domains/system/get-system-info.ts';
import { router } from './init.ts';

/**
 * Every operation of the API. A key path here is both the tRPC path and the folder of the
 * operation's file (`admin.users.update` -> domains/admin/users/update-user.ts); an operation with
 * a REST binding in its meta is also served at its documented /api path (rest/operation-routes.ts).
 */
export const appRouter = router({
  system: { info: getSystemInfoOperation },
  public: {
    review: { link: getReviewLinkOperation, submit: submitReviewOperation },
    lead: { create: createLeadOperation },
    businessCode: { check: checkBusinessCodeOperation },
    password: {
      requestReset: requestPasswordResetOperation,
      setWithToken: setPasswordWithTokenOperation,
      set: setPasswordOperation,
      reset: resetPasswordOperation,
    },
    invitations: { accept: acceptInvitationOperation },
    privacy: { grievanceOfficer: getPublicGrievanceOfficerOperation },
    myData: {
      requestCode: requestMyDataCodeOperation,
      verify: verifyMyDataCodeOperation,
      createRequests: createMyDataRequestsOperation,
      withdraw: withdrawMyConsentOperation,
    },
  },
  payments: {
    initiate: initiatePaymentOperation,
    verify: verifyPaymentOperation,
    testGateway: { complete: completeTestPaymentOperation },
  },
  owner: {
    login: loginOwnerOperation,
    logout: logoutOwnerOperation,
    me: getOwnerOperation,
    business: {
      get: getBusinessOperation,
      update: updateBusinessOperation,
      changeCode: changeBusinessCodeOperation,
    },
    account: {
      get: getAccountOperation,
      branches: getBranchFiguresOperation,
      reviews: listAccountReviewsOperation,
      requests: listAccountRequestsOperation,
      billing: getAccountBillingOperation,
      updateBilling: updateAccountBillingOperation,
      addBranch: addBranchOperation,
      invoices: listOwnerInvoicesOperation,
      close: closeAccountOperation,
      closure: getAccountClosureOperation,
      retention: getRetentionSettingsOperation,
      updateRetention: updateRetentionSettingsOperation,
    },
    language: {
      get: getMyLanguageOperation,
      update: updateMyLanguageOperation,
    },
    accountExports: {
      start: startAccountExportOperation,
      get: getAccountExportOperation,
      list: listAccountExportsOperation,
    },
    alerts: {
      getPreferences: getAlertPreferencesOperation,
      updatePreferences: updateAlertPreferencesOperation,
    },
    push: {
      list: listPushSubscriptionsOperation,
      subscribe: subscribePushOperation,
      unsubscribe: unsubscribePushOperation,
    },
    cases: {
      list: listCasesOperation,
      get: getCaseOperation,
      update: updateCaseOperation,
      addNote: addCaseNoteOperation,
      figures: getCaseFiguresOperation,
      getSettings: getCaseSettingsOperation,
      updateSettings: updateCaseSettingsOperation,
      sendMessage: sendCaseMessageOperation,
      replyTemplates: listCaseReplyTemplatesOperation,
      updateReplyTemplate: updateCaseReplyTemplateOperation,
      bulkUpdate: bulkUpdateCasesOperation,
      assignees: listCaseAssigneesOperation,
    },
    dataRequests: { list: listDataRequestsOperation, complete: completeDataRequestOperation },
    team: {
      list: listMembersOperation,
      invite: inviteMemberOperation,
      revokeInvitation: revokeInvitationOperation,
      update: updateMemberOperation,
      remove: removeMemberOperation,
    },
    dashboard: {
      stats: getOwnerStatsOperation,
      reviews: listOwnerReviewsOperation,
      review: getOwnerReviewOperation,
    },
    reviews: { sendReply: sendReviewReplyOperation, openCase: openReviewCaseOperation },
    settings: {
      get: getOwnerSettingsOperation,
      update: updateOwnerSettingsOperation,
      changePassword: changeOwnerPasswordOperation,
    },
    templates: {
      list: listTemplatesOperation,
      update: updateTemplateOperation,
      reset: resetTemplateOperation,
      preview: previewTemplateOperation,
    },
    plan: {
      get: getOwnerPlanOperation,
      createOrder: createPlanOrderOperation,
      startAutopay: startAutopayOperation,
      cancelAutopay: cancelAutopayOperation,
    },
    channels: { get: getChannelSettingsOperation, update: updateChannelSettingsOperation },
    integrations: {
      apiKeys: { list: listApiKeysOperation, create: createApiKeyOperation, revoke: revokeApiKeyOperation },
      webhooks: {
        list: listWebhookEndpointsOperation,
        create: createWebhookEndpointOperation,
        delete: deleteWebhookEndpointOperation,
        deliveries: listWebhookDeliveriesOperation,
      },
    },
    google: {
      status: getGoogleStatusOperation,
      connect: startGoogleConnectOperation,
      finishConnect: finishGoogleConnectOperation,
      locations: listGoogleLocationsOperation,
      selectLocation: selectGoogleLocationOperation,
      disconnect: disconnectGoogleOperation,
      sync: syncGoogleOperation,
      updateRules: updateGoogleReplyRulesOperation,
      publishReply: publishGoogleReplyOperation,
    },
    onboarding: { checklist: getOnboardingChecklistOperation, record: recordOnboardingEventOperation },
    placements: {
      list: listPlacementsOperation,
      create: createPlacementOperation,
      rename: renamePlacementOperation,
      delete: deletePlacementOperation,
      stats: getPlacementStatsOperation,
      staffLeaderboard: getStaffLeaderboardOperation,
    },
    requests: {
      listContacts: listContactsOperation,
      addContact: addContactOperation,
      optOutContact: optOutContactOperation,
      contactHistory: getContactHistoryOperation,
      commitImport: commitImportOperation,
      send: sendRequestOperation,
      listCampaigns: listCampaignsOperation,
      createCampaign: createCampaignOperation,
      getCampaign: getCampaignOperation,
      cancelCampaign: cancelCampaignOperation,
      getSettings: getRequestSettingsOperation,
      updateSettings: updateRequestSettingsOperation,
      summary: getRequestSummaryOperation,
    },
  },
  admin: {
    auth: {
      login: loginAdminOperation,
      verifyTotp: verifyTotpOperation,
      enrolTotp: enrolTotpOperation,
      logout: logoutAdminOperation,
      me: getAdminOperation,
      changePassword: changePasswordOperation,
    },
    overview: { stats: getOverviewStatsOperation, activity: listActivityOperation },
    billingProfile: { get: getBillingProfileOperation, update: updateBillingProfileOperation },
    invoices: { list: listAdminInvoicesOperation },
    renewals: { list: listAdminRenewalsOperation, remind: remindRenewalOperation },
    users: {
      list: listUsersOperation,
      update: updateUserOperation,
      delete: deleteUserOperation,
      google: getUserGoogleOperation,
      requests: getUserRequestsOperation,
      account: getUserAccountOperation,
      resendInvitation: resendInvitationOperation,
      move: moveUserOperation,
      reopen: reopenUserOperation,
    },
    accounts: {
      merge: mergeAccountOperation,
      addBranch: addAccountBranchOperation,
      export: exportAccountOperation,
    },
    reviews: { list: listReviewsOperation },
    payments: { list: listPaymentsOperation, refund: refundPaymentOperation },
    manualPayments: { list: listManualPaymentsOperation },
    admins: { list: listAdminsOperation, create: createAdminOperation, update: updateAdminOperation },
    agents: {
      list: listAgentsOperation,
      create: createAgentOperation,
      update: updateAgentOperation,
      delete: deleteAgentOperation,
    },
    leads: { list: listLeadsOperation, update: updateLeadOperation, delete: deleteLeadOperation },
    onboarding: { create: createOnboardingOperation },
    reports: { export: exportReportOperation },
    outbox: { list: listOutboxOperation },
    jobs: { failures: listJobFailuresOperation },
    security: { get: getSecuritySettingsOperation, update: updateSecuritySettingsOperation },
    audit: { list: listAuditOperation },
    privacy: {
      grievanceOfficer: getGrievanceOfficerOperation,
      updateGrievanceOfficer: updateGrievanceOfficerOperation,
    },
  },
});

/** The one type the web app imports from the server. */
export type AppRouter = typeof appRouter;
