import { createFileRoute } from '@tanstack/react-router';
import { OnboardAgentScreen } from '../../../features/admin/onboard-agent/onboard-agent-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/onboard-agent')({
  head: titleHead('Onboard Agent'),
  component: OnboardAgentScreen,
});
