import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/set-password')({
  head: titleHead('Set your password'),
  component: () => <ScreenPlaceholder title="Set your password" standalone />,
});
