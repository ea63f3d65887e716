/*
 * The audit trail's actions and actors, free of zod: the web app's route files parse the audit
 * log's URL filters with them (`@starloop/contract/audit-values`), and route files load no zod.
 */

/** Every action the trail records, `<what>.<verb>`. */
export const AUDIT_ACTIONS = [
  'owner.sign_in',
  'admin.sign_in',
  'admin.create',
  'admin.update',
  'admin.password_change',
  'user.update',
  'user.delete',
  'lead.update',
  'lead.delete',
  'agent.create',
  'agent.update',
  'agent.delete',
  'onboarding.complete',
  'report.export',
  'two_factor.enrol',
  'two_factor.recovery_code_use',
  'two_factor.reset',
  'two_factor.requirement_change',
  // An owner's own security changes.
  'owner.password_change',
  'api_key.create',
  'api_key.revoke',
  'webhook_endpoint.create',
  'webhook_endpoint.delete',
  'channels.update',
  'google.connect',
  'google.disconnect',
  // Money an admin sends back.
  'payment.refund',
  // The account's team (the acting person is the actor).
  'team.invite',
  'team.invitation_revoke',
  'team.join',
  'team.member_update',
  'team.member_remove',
  // A branch an account's owner added (pending until its payment).
  'account.branch_add',
  // An admin's changes to accounts (issue 31).
  'user.invitation_resend',
  'user.move',
  'account.merge',
  // Who bills whom (issue 32).
  'billing_profile.update',
  'account.billing_update',
  'renewal.remind',
  // A copy of an account's data made (issue 35): by one of its owners or by an admin for them.
  'account.export',
  // Their data, their rights (issue 35).
  'account.close',
  'account.reopen',
  'account.erase',
  'account.retention_update',
  'grievance_officer.update',
  'audit.export',
  // Customers' rights (issue 35): a customer's request, its completion by an owner or by StarLoop.
  'data_request.create',
  'data_request.complete',
  'data_request.auto_complete',
  'consent.withdraw',
  // The owner's own business details and code, and an admin's code change (issue 34).
  'business.update',
  'business.code_change',
  // The dashboard's first-run checklist (issue 34): a step taken, the finished list closed.
  'onboarding.step',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_KINDS = ['admin', 'owner', 'system'] as const;
export type TAuditActorKindName = (typeof AUDIT_ACTOR_KINDS)[number];
