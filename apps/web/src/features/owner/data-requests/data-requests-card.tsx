import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';

// Most days nothing is open: the card's code loads only when something is.
const OpenDataRequests = lazy(() =>
  import('./open-data-requests.tsx').then((m) => ({ default: m.OpenDataRequests })),
);

/**
 * Customers' requests to see or erase their data (issue 35): the branch's open ones, each a task
 * with its due date, for the account's owners only. Completing an erasure erases the customer's
 * data at once; past the due date StarLoop completes it. Hidden when nothing is open.
 */
export function DataRequestsCard() {
  const trpc = useTrpc();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const isOwner = account.data?.role === 'owner';
  const list = useQuery(trpc.owner.dataRequests.list.queryOptions(undefined, { enabled: isOwner }));
  const open = (list.data?.requests ?? []).filter((r) => r.status === 'open');
  if (!isOwner || open.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OpenDataRequests open={open} />
    </Suspense>
  );
}
