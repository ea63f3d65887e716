import { createFileRoute } from '@tanstack/react-router';
import { OwnerLayout } from '../../features/owner/owner-layout.tsx';
import { requireSession } from '../../lib/guards.ts';

/** Owner area: needs a stored owner token (authToken), else /login. */
export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: requireSession('owner'),
  component: OwnerLayout,
});
