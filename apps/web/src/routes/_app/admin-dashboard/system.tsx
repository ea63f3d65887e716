import { createFileRoute } from '@tanstack/react-router';
import { SystemScreen } from '../../../features/admin/system/system-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/system')({
  head: titleHead('System'),
  component: SystemScreen,
});
