import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { CASE_OUTCOMES, type TCaseOutcome } from '@starloop/contract';
import { useState } from 'react';
import { useCaseLabels } from '../case-labels.ts';

export interface TResolveDialogProps {
  /** How many cases are being resolved; null: closed. */
  count: number | null;
  busy: boolean;
  onResolve: (outcome: TCaseOutcome) => void;
  onClose: () => void;
}

export const RESOLVE_TEXT = {
  title: (count: number) => (count === 1 ? 'Resolve this case' : `Resolve ${count} cases`),
  outcome: 'How did it end?',
  note: 'A new case is marked in progress first, then resolved.',
  resolve: 'Resolve',
  cancel: 'Cancel',
} as const;

const OUTCOME_HELP: Record<TCaseOutcome, string> = {
  recovered: 'The customer is happy again.',
  not_recovered: 'The customer answered but is still unhappy.',
  no_reply: 'The customer never answered.',
};

/** Resolving needs an outcome: recovered, not recovered or no reply. */
export function ResolveDialog({ count, busy, onResolve, onClose }: TResolveDialogProps) {
  const labels = useCaseLabels();
  const [outcome, setOutcome] = useState<TCaseOutcome | null>(null);
  const close = () => {
    setOutcome(null);
    onClose();
  };
  return (
    <Modal opened={count !== null} onClose={close} title={RESOLVE_TEXT.title(count ?? 1)} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!outcome) return;
          onResolve(outcome);
          setOutcome(null);
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label={RESOLVE_TEXT.outcome}
            value={outcome ?? ''}
            onChange={(value) => setOutcome(value as TCaseOutcome)}
            required
          >
            <Stack gap="sm" mt="xs">
              {CASE_OUTCOMES.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={labels.outcome[value]}
                  description={OUTCOME_HELP[value]}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {RESOLVE_TEXT.note}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {RESOLVE_TEXT.cancel}
            </Button>
            <Button type="submit" color="green" disabled={!outcome} loading={busy}>
              {RESOLVE_TEXT.resolve}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
