import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../../../features/admin/audit/audit-screen.tsx';
import { auditList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

/** Super admins only: the server answers 403 to anyone else, and the sidebar shows no link. */
export const Route = createFileRoute('/_app/admin-dashboard/audit')({
  head: titleHead('Audit Log'),
  ...auditList.route,
  component: AuditScreen,
});
