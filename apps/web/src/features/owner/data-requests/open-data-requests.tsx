import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TOwnerDataRequest } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** What the business holds, in words (the counts the customer saw on the "my data" page). */
function heldText(
  t: TOwnerMessages['profile']['dataRequests'],
  language: string,
  held: TOwnerDataRequest['held'],
): string {
  const parts: string[] = [];
  if (held.contacts) parts.push(t.contacts);
  if (held.requests) parts.push(plural(language, t.requests, held.requests));
  if (held.reviewContacts || held.reviews) parts.push(t.contactLeft);
  if (held.caseMessages) parts.push(plural(language, t.caseMessages, held.caseMessages));
  return parts.join(', ') || t.nothing;
}

/** The open requests, each a task with its due date (DataRequestsCard decides whether to show them). */
export function OpenDataRequests({ open }: { open: TOwnerDataRequest[] }) {
  const t = useOwnerMessages().profile.dataRequests;
  const { language } = useOwnerLanguage();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const complete = useMutation(
    trpc.owner.dataRequests.complete.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.owner.dataRequests.list.queryKey() }),
    }),
  );
  return (
    <SectionCard titleId="data-requests-title" title={t.title} description={t.description}>
      <Stack gap="sm">
        {open.map((request) => (
          <Group key={request.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={500}>
                {fill(request.kind === 'erasure' ? t.erase : t.see, { identifier: request.identifier })}
              </Text>
              <Text size="xs" c="dimmed">
                {fill(t.holds, {
                  held: heldText(t, language, request.held),
                  date: formatDate(request.dueAt),
                })}
                {request.overdue ? ' ' : ''}
                {request.overdue ? (
                  <Badge color="red" variant="light" size="xs">
                    {t.overdue}
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
              {request.kind === 'erasure' ? t.eraseNow : t.markAnswered}
            </Button>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
