import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TOwnerDataRequest } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** What the business holds, in words (the counts the customer saw on the "my data" page). */
function heldText(held: TOwnerDataRequest['held']): string {
  const parts: string[] = [];
  if (held.contacts) parts.push('customer list');
  if (held.requests) parts.push(`${held.requests} review request${held.requests === 1 ? '' : 's'}`);
  if (held.reviewContacts || held.reviews) parts.push('contact left with feedback');
  if (held.caseMessages) parts.push(`${held.caseMessages} case message${held.caseMessages === 1 ? '' : 's'}`);
  return parts.join(', ') || 'nothing any more';
}

/**
 * Customers' requests to see or erase their data (issue 35): the branch's open ones, each a task
 * with its due date, for the account's owners only. Completing an erasure erases the customer's
 * data at once; past the due date StarLoop completes it. Hidden when nothing is open.
 */
export function DataRequestsCard() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const isOwner = account.data?.role === 'owner';
  const list = useQuery(trpc.owner.dataRequests.list.queryOptions(undefined, { enabled: isOwner }));
  const complete = useMutation(
    trpc.owner.dataRequests.complete.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.owner.dataRequests.list.queryKey() }),
    }),
  );
  const open = (list.data?.requests ?? []).filter((r) => r.status === 'open');
  if (!isOwner || open.length === 0) return null;
  return (
    <SectionCard
      titleId="data-requests-title"
      title="Customers' data requests"
      description="Customers asked to see or erase what this branch holds about them. Answer within the due date; past it, StarLoop completes the request for you (an erasure is then done by StarLoop)."
    >
      <Stack gap="sm">
        {open.map((request) => (
          <Group key={request.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={500}>
                {request.kind === 'erasure' ? 'Erase' : 'See'} the data of {request.identifier}
              </Text>
              <Text size="xs" c="dimmed">
                Holds: {heldText(request.held)}. Due {formatDate(request.dueAt)}
                {request.overdue ? ' ' : ''}
                {request.overdue ? (
                  <Badge color="red" variant="light" size="xs">
                    Overdue
                  </Badge>
                ) : null}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              loading={complete.isPending && complete.variables?.id === request.id}
              onClick={() => complete.mutate({ id: request.id })}
            >
              {request.kind === 'erasure' ? 'Erase now' : 'Mark answered'}
            </Button>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
