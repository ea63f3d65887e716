import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { titleHead } from '../../../lib/page-title.ts';

// The header title becomes 'Hi, {name}' once the stats screen loads the owner's profile.
export const Route = createFileRoute('/_app/dashboard/')({
  head: titleHead('Dashboard'),
  component: () => <ScreenPlaceholder title="Dashboard" />,
});
