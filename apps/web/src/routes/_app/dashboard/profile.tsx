import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../../features/owner/profile/profile-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/profile')({
  head: titleHead('Business Profile'),
  component: ProfileScreen,
});
