import { Anchor, Select } from '@mantine/core';
import type { TAccountBranch } from '@starloop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';

/** The English texts (the catalog's). */
export const BRANCH_FILTER_TEXT = { all: en.branches.allBranches };

export const branchName = (b: Pick<TAccountBranch, 'businessName' | 'city'>) =>
  b.city ? `${b.businessName}, ${b.city}` : b.businessName;

/** The lists of every branch: all of them, or one. */
export function BranchFilter({
  label,
  branches,
  value,
  onChange,
}: {
  label: string;
  branches: readonly TAccountBranch[];
  value: number | undefined;
  onChange: (businessId: number | undefined) => void;
}) {
  const t = useOwnerMessages().branches;
  return (
    <Select
      label={label}
      data={[
        { value: '', label: t.allBranches },
        ...branches.map((b) => ({ value: String(b.id), label: branchName(b) })),
      ]}
      value={value ? String(value) : ''}
      allowDeselect={false}
      maw={320}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
    />
  );
}

/**
 * A row's branch, opening that branch's dashboard as the branch switcher does: the branch goes
 * into the URL and every cached answer is fetched again.
 */
export function BranchLink({ businessId, label }: { businessId: number; label: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={async () => {
        await navigate({
          to: '/dashboard',
          search: (prev: Record<string, unknown>) => ({ ...prev, branch: businessId }),
        });
        await queryClient.resetQueries();
      }}
    >
      {label}
    </Anchor>
  );
}
