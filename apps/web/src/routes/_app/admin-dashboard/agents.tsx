import { createFileRoute } from '@tanstack/react-router';
import { AgentsScreen } from '../../../features/admin/agents/agents-screen.tsx';
import { agentsList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/agents')({
  head: titleHead('Agents Management'),
  ...agentsList.route,
  component: AgentsScreen,
});
