import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { CASE_OUTCOMES, type TCaseOutcome, type TCaseStatus, type TOwnerReview } from '@starloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/**
 * The review drawer's feedback case and ways to reach the customer (issue 33 item 3): call or
 * WhatsApp a customer who left a phone with consent, open a case for a review that has none,
 * resolve it with an outcome, or go on in the inbox.
 */

export const CASE_STATUS_LABELS: Record<TCaseStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'red' },
  in_progress: { label: 'In progress', color: 'yellow' },
  resolved: { label: 'Resolved', color: 'green' },
  reopened: { label: 'Reopened', color: 'orange' },
};

export const CASE_OUTCOME_LABELS: Record<TCaseOutcome, string> = {
  recovered: 'Recovered',
  not_recovered: 'Not recovered',
  no_reply: 'No reply',
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
  const contact = review.contact;
  if (!contact) return null;
  if (contact.withdrawn) {
    return (
      <Text size="sm" c="dimmed">
        The customer asked not to be contacted again.
      </Text>
    );
  }
  if (!contact.consent) {
    return (
      <Text size="sm" c="dimmed">
        The customer did not agree to be contacted.
      </Text>
    );
  }
  if (!contact.phone) return null;
  return (
    <Group gap="xs">
      <Button component="a" href={`tel:${contact.phone}`} size="xs" variant="light">
        Call {contact.phone}
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
        WhatsApp
      </Button>
    </Group>
  );
}

/** The review's case: open one, or its status with Resolve and a link to the inbox. */
export function ReviewCasePanel({ review }: { review: TOwnerReview }) {
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
          No feedback case for this review.
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
                    notify.success('Case opened.');
                    void refresh();
                  },
                  onError: (e) => setError(anyMessage(e)),
                },
              )
            }
          >
            Open case
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
  const badge = CASE_STATUS_LABELS[status];
  const resolve = async () => {
    if (!outcome) return;
    setError(null);
    setResolving(true);
    try {
      // A new case is taken on before it is resolved (new -> in progress -> resolved).
      if (status === 'new') await update.mutateAsync({ id: caseId, status: 'in_progress' });
      await update.mutateAsync({ id: caseId, status: 'resolved', outcome });
      notify.success('Case resolved.');
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
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        <Anchor href={inboxHref(caseId)} size="sm">
          Open in inbox
        </Anchor>
      </Group>
      {status !== 'resolved' ? (
        <Group gap="xs" align="flex-end">
          <Select
            label="Outcome"
            placeholder="Choose an outcome"
            size="xs"
            data={CASE_OUTCOMES.map((value) => ({ value, label: CASE_OUTCOME_LABELS[value] }))}
            value={outcome}
            onChange={(value) => setOutcome(value as TCaseOutcome | null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Button size="xs" disabled={!outcome} loading={resolving} onClick={() => void resolve()}>
            Resolve case
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
