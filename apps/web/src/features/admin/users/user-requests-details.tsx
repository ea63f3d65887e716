import { Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMonthKey, formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The owner's review requests per month in the user details (the last 12, against the plan's limit). */
export function UserRequestsDetails({ ownerId }: { ownerId: number }) {
  const trpc = useTrpc();
  const usage = useQuery(trpc.admin.users.requests.queryOptions({ id: ownerId }, { retry: false }));
  if (usage.isError) return null;
  const months = usage.data?.months.filter((m) => m.requests > 0) ?? [];
  const current = usage.data?.months.at(-1);
  return (
    <Stack gap={6} data-testid="user-requests">
      <Divider label="Review requests" labelPosition="left" />
      {usage.isPending || !usage.data ? (
        <Skeleton height={36} />
      ) : (
        <>
          <Text size="sm">
            This month: {formatNumber(current?.requests ?? 0)} of {formatNumber(usage.data.limit)}
          </Text>
          {months.length > 0 ? (
            <Group gap="md" wrap="wrap">
              {months.map((m) => (
                <Text size="sm" c="dimmed" key={m.month}>
                  {formatMonthKey(m.month)}: {formatNumber(m.requests)}
                </Text>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No requests sent in the last 12 months
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
