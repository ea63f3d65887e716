import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-login')({
  head: titleHead('Admin Login'),
  component: () => <ScreenPlaceholder title="Admin Login" standalone />,
});
