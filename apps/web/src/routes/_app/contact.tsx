import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/contact-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/contact')({
  head: titleHead('Contact'),
  component: ContactPage,
});
