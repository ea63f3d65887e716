import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/terms')({
  head: titleHead('Terms of Service'),
  component: () => <ScreenPlaceholder title="Terms of Service" standalone />,
});
