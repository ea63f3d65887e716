import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../../features/landing/landing-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/')({
  head: titleHead('Review collection for Indian businesses'),
  component: LandingPage,
});
