import { createFileRoute } from '@tanstack/react-router';
import { AllBranchesScreen } from '../../../features/owner/branches/all-branches-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

/** A chain's branches side by side (owner.account.branches). */
export const Route = createFileRoute('/_app/dashboard/branches')({
  head: titleHead('All branches'),
  component: AllBranchesScreen,
});
