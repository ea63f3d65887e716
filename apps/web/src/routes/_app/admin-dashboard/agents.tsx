import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/agents')({
  head: titleHead('Agents Management'),
  component: () => <ScreenPlaceholder title="Agents Management" />,
});
