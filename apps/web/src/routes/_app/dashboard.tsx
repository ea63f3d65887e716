import { createFileRoute, retainSearchParams } from '@tanstack/react-router';
import { OwnerLayout } from '../../features/owner/owner-layout.tsx';
import { validateBranchSearch } from '../../lib/branch.ts';
import { requireSession } from '../../lib/guards.ts';

/**
 * Owner area: needs a stored owner token (authToken), else /login. `?branch=` (a chain's branch)
 * stays in the URL from page to page.
 */
export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: validateBranchSearch,
  search: { middlewares: [retainSearchParams(['branch'])] },
  beforeLoad: requireSession('owner'),
  component: OwnerLayout,
});
