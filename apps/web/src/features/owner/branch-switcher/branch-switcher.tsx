import { Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The English texts (the catalog's). */
export const BRANCH_SWITCHER_TEXT = { label: enFirst.branches.switcher, all: enFirst.branches.allBranches };

/** The switcher's value for the All branches view. */
const ALL = 'all';

/**
 * A chain's branch switcher (owner.account.get): shown when the person can see more than one
 * branch; "All branches" opens the comparison of them all (/dashboard/branches). The choice goes into the URL (`?branch=`, sent as X-Business-Id with every call) and every
 * cached answer is fetched again for the new branch.
 */
export function BranchSwitcher() {
  const t = useFirstViewMessages().branches;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onAllBranches = useLocation({
    select: (location) => location.pathname.startsWith('/dashboard/branches'),
  });
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const branches = account.data?.branches ?? [];
  if (branches.length < 2) return null;
  return (
    <Select
      label={t.switcher}
      data={[
        { value: ALL, label: t.allBranches },
        ...branches.map((b) => ({
          value: String(b.id),
          label: b.city ? `${b.businessName}, ${b.city}` : b.businessName,
        })),
      ]}
      value={onAllBranches ? ALL : String(account.data?.currentBusinessId ?? '')}
      allowDeselect={false}
      maw={360}
      mb="md"
      onChange={async (value) => {
        if (!value) return;
        if (value === ALL) {
          await navigate({ to: '/dashboard/branches' });
          return;
        }
        await navigate({
          to: onAllBranches ? '/dashboard' : '.',
          search: (prev: Record<string, unknown>) => ({ ...prev, branch: Number(value) }),
        });
        await queryClient.resetQueries();
      }}
    />
  );
}
