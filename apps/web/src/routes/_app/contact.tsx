import { createFileRoute } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/contact')({
  head: titleHead('Contact'),
  component: () => <ScreenPlaceholder title="Contact" standalone />,
});
