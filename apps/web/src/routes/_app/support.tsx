import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../../features/support/support-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/support')({
  head: titleHead('Support'),
  component: SupportPage,
});
