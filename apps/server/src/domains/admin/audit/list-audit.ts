import { ZAdminAuditQuery, ZAdminAuditResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listAudit } from './audit.service.ts';

/**
 * A super_admin only (a plain admin gets 403). The audit trail: who changed what, when and from
 * which address; newest first, with search and filters.
 */
export const listAuditOperation = adminListOperation({
  superAdminOnly: true,
  path: '/admin/audit',
  summary: 'The audit trail, newest first (super_admin only): search, action, actor, target and dates',
  tags: ['admin', 'audit'],
  input: ZAdminAuditQuery.prefault({}),
  output: ZAdminAuditResponse,
  list: listAudit,
});
