import { ZIdInput, ZLeadResult, ZLeadUpdate } from '@starloop/contract';
import { adminUpdateOperation } from '../admin-operations.ts';
import { updateLead } from './leads.service.ts';

/**
 * Any signed-in admin. The Edit Lead dialog (spec section 5 rules; any status). The spec writes
 * `PUT /api/admin//leads/{id}`; duplicate slashes are ignored, so both forms work.
 */
export const updateLeadOperation = adminUpdateOperation({
  path: '/admin/leads/:id',
  summary: 'Edit a lead (also reachable as /api/admin//leads/{id})',
  tags: ['admin', 'leads'],
  input: ZLeadUpdate.extend(ZIdInput.shape),
  output: ZLeadResult,
  update: updateLead,
});
