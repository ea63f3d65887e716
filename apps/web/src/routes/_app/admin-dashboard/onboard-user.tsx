import { createFileRoute } from '@tanstack/react-router';
import { OnboardUserScreen } from '../../../features/admin/onboard-user/onboard-user-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/onboard-user')({
  head: titleHead('Onboard User'),
  component: OnboardUserScreen,
});
