import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/profile')({
  head: titleHead('Business Profile'),
  component: () => <ScreenPlaceholder title="Business Profile" />,
});
