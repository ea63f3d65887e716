import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/legal/privacy-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/privacy')({
  head: titleHead('Privacy Policy'),
  component: PrivacyPage,
});
