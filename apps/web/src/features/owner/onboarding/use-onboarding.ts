import type { TOnboardingEvent } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The dashboard's first-run checklist (owner.onboarding.checklist), computed by the server. */
export function useOnboardingChecklist() {
  const trpc = useTrpc();
  return useQuery(trpc.owner.onboarding.checklist.queryOptions(undefined, { retry: false }));
}

/**
 * Records one checklist event (the review link opened, the QR card saved or printed, the review
 * flow chosen, the finished list closed) and keeps the checklist in step. Fire and forget: a step
 * that could not be recorded stays unticked, nothing else depends on it.
 */
export function useRecordOnboarding(): (event: TOnboardingEvent) => void {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const record = useMutation(
    trpc.owner.onboarding.record.mutationOptions({
      onSuccess: (checklist) =>
        queryClient.setQueryData(trpc.owner.onboarding.checklist.queryKey(), checklist),
    }),
  );
  const { mutate } = record;
  return useCallback((event: TOnboardingEvent) => mutate({ event }), [mutate]);
}
