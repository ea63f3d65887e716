import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { CASE_OUTCOMES, type TCaseOutcome } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useState } from 'react';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { useCaseLabels } from '../case-labels.ts';

export interface TResolveDialogProps {
  /** How many cases are being resolved; null: closed. */
  count: number | null;
  busy: boolean;
  onResolve: (outcome: TCaseOutcome) => void;
  onClose: () => void;
}

/** The English texts (the catalog's; tests read them). */
export const RESOLVE_TEXT = {
  ...en.resolve,
  title: (count: number) => (count === 1 ? en.resolve.titleOne : fill(en.resolve.titleMany, { n: count })),
};

/** Resolving needs an outcome: recovered, not recovered or no reply. */
export function ResolveDialog({ count, busy, onResolve, onClose }: TResolveDialogProps) {
  const labels = useCaseLabels();
  const text = useOwnerMessages().resolve;
  const [outcome, setOutcome] = useState<TCaseOutcome | null>(null);
  const close = () => {
    setOutcome(null);
    onClose();
  };
  return (
    <Modal
      opened={count !== null}
      onClose={close}
      title={(count ?? 1) === 1 ? text.titleOne : fill(text.titleMany, { n: count ?? 1 })}
      centered
    >
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
            label={text.outcome}
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
                  description={text.help[value]}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {text.note}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {text.cancel}
            </Button>
            <Button type="submit" color="green" disabled={!outcome} loading={busy}>
              {text.resolve}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
