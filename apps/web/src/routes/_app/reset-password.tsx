import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/reset-password')({
  head: titleHead('Reset your password'),
  component: () => <ScreenPlaceholder title="Reset your password" standalone />,
});
