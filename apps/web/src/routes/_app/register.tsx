import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/register')({
  head: titleHead('Create your account'),
  component: () => <ScreenPlaceholder title="Create your account" standalone />,
});
