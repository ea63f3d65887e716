import { adminDeleteOperation } from '../admin-operations.ts';
import { deleteLead } from './leads.service.ts';

/** Any signed-in admin. Deletes one lead. */
export const deleteLeadOperation = adminDeleteOperation({
  path: '/admin/leads/:id',
  summary: 'Delete a lead (also reachable as /api/admin//leads/{id})',
  tags: ['admin', 'leads'],
  remove: deleteLead,
});
