import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/legal/terms-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/terms')({
  head: titleHead('Terms of Service'),
  component: TermsPage,
});
