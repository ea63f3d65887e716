import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { CASE_OUTCOMES, type TCaseOutcome, type TCaseStatus, type TOwnerReview } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/**
 * The review drawer's feedback case and ways to reach the customer (issue 33 item 3): call or
 * WhatsApp a customer who left a phone with consent, open a case for a review that has none,
 * resolve it with an outcome, or go on in the inbox.
 */

/** The case's status badge colours (its words are the inbox's: `cases.status`). */
const CASE_STATUS_COLORS: Record<TCaseStatus, string> = {
  new: 'red',
  in_progress: 'yellow',
  resolved: 'green',
  reopened: 'orange',
};

/** The inbox's page of one case (the inbox screen reads `?case=`). */
export const inboxHref = (caseId: number) => `/dashboard/inbox?case=${caseId}`;

/** wa.me takes the number with its country code, digits only. */
export const whatsAppHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** After a change: the drawer's review, the list and the case load again. */
export function useRefreshReview() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.owner.dashboard.pathFilter()),
      queryClient.invalidateQueries(trpc.owner.cases.pathFilter()),
    ]);
}

/** Call and WhatsApp links for a customer who left a phone and agreed to be contacted. */
export function ContactLinks({ review }: { review: TOwnerReview }) {
  const t = useOwnerMessages().review.case;
  const contact = review.contact;
  if (!contact) return null;
  if (contact.withdrawn) {
    return (
      <Text size="sm" c="dimmed">
        {t.withdrawn}
      </Text>
    );
  }
  if (!contact.consent) {
    return (
      <Text size="sm" c="dimmed">
        {t.noConsent}
      </Text>
    );
  }
  if (!contact.phone) return null;
  return (
    <Group gap="xs">
      <Button component="a" href={`tel:${contact.phone}`} size="xs" variant="light">
        {fill(t.call, { phone: contact.phone })}
      </Button>
      <Button
        component="a"
        href={whatsAppHref(contact.phone)}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        variant="light"
        color="green"
      >
        {t.whatsApp}
      </Button>
    </Group>
  );
}

/** The review's case: open one, or its status with Resolve and a link to the inbox. */
export function ReviewCasePanel({ review }: { review: TOwnerReview }) {
  const messages = useOwnerMessages();
  const t = messages.review.case;
  const labels = messages.cases;
  const trpc = useTrpc();
  const refresh = useRefreshReview();
  const open = useMutation(trpc.owner.reviews.openCase.mutationOptions());
  const update = useMutation(trpc.owner.cases.update.mutationOptions());
  const [outcome, setOutcome] = useState<TCaseOutcome | null>(null);
  const [resolving, setResolving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (review.caseId === undefined) return null;
  if (review.caseId === null) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            loading={open.isPending}
            onClick={() =>
              open.mutate(
                { id: review.id },
                {
                  onSuccess: () => {
                    notify.success(t.opened);
                    void refresh();
                  },
                  onError: (e) => setError(anyMessage(e)),
                },
              )
            }
          >
            {t.open}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
      </Stack>
    );
  }

  const caseId = review.caseId;
  const status = review.caseStatus ?? 'new';
  const resolve = async () => {
    if (!outcome) return;
    setError(null);
    setResolving(true);
    try {
      // A new case is taken on before it is resolved (new -> in progress -> resolved).
      if (status === 'new') await update.mutateAsync({ id: caseId, status: 'in_progress' });
      await update.mutateAsync({ id: caseId, status: 'resolved', outcome });
      notify.success(t.resolved);
      setOutcome(null);
      await refresh();
    } catch (e) {
      setError(anyMessage(e));
      void refresh();
    } finally {
      setResolving(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={CASE_STATUS_COLORS[status]} variant="light">
          {labels.status[status]}
        </Badge>
        <Anchor href={inboxHref(caseId)} size="sm">
          {t.inInbox}
        </Anchor>
      </Group>
      {status !== 'resolved' ? (
        <Group gap="xs" align="flex-end">
          <Select
            label={t.outcome}
            placeholder={t.chooseOutcome}
            size="xs"
            data={CASE_OUTCOMES.map((value) => ({ value, label: labels.outcome[value] }))}
            value={outcome}
            onChange={(value) => setOutcome(value as TCaseOutcome | null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Button size="xs" disabled={!outcome} loading={resolving} onClick={() => void resolve()}>
            {t.resolve}
          </Button>
        </Group>
      ) : null}
      {error ? (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
