import { Switch } from '@mantine/core';
import { type TAgentDto, type TAgentStatus, ZAgentCreate, ZAgentUpdate } from '@starloop/contract';
import { useEffect } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { EditDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { useFormState } from '../../../components/edit-dialog/use-form-state.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { AgentStatusBadge } from '../shared/badges.tsx';
import { useSticky } from '../shared/use-sticky.ts';
import { AgentFields, EMPTY_AGENT, type TAgentFieldValues } from './agent-fields.tsx';

export function AgentViewDialog({ agent, onClose }: { agent: TAgentDto | null; onClose: () => void }) {
  const shown = useSticky(agent);
  return (
    <DetailDialog
      opened={agent !== null}
      onClose={onClose}
      title="Agent Details"
      fields={
        shown
          ? [
              { label: 'Code', value: shown.code },
              { label: 'Status', value: <AgentStatusBadge status={shown.status} /> },
              { label: 'Name', value: shown.name },
              { label: 'Phone', value: shown.phone },
              { label: 'Email', value: shown.email },
              { label: 'Users', value: formatNumber(shown._count.users) },
              { label: 'Created', value: formatDateTime(shown.createdAt) },
              { label: 'Last updated', value: formatDateTime(shown.updatedAt) },
            ]
          : []
      }
    />
  );
}

interface TAgentCreateDialogProps {
  opened: boolean;
  onClose: () => void;
  onSave: (values: TAgentFieldValues) => void;
  saving: boolean;
  error: string | null;
}

/** 'Add Agent': the Create Agent rules and normalisation of spec section 5. */
export function AgentCreateDialog({ opened, onClose, onSave, saving, error }: TAgentCreateDialogProps) {
  const form = useFormState<TAgentFieldValues>(EMPTY_AGENT);
  const { reset } = form;
  useEffect(() => {
    if (opened) reset(EMPTY_AGENT);
  }, [opened, reset]);

  return (
    <EditDialog
      opened={opened}
      onClose={onClose}
      title="Add Agent"
      submitLabel="Create Agent"
      saving={saving}
      error={error}
      size="md"
      onSubmit={() => {
        const values = form.validate((v) => ZAgentCreate.safeParse(v));
        if (values) onSave(values);
      }}
    >
      <AgentFields values={form.values} errors={form.errors} onChange={form.setField} />
    </EditDialog>
  );
}

type TAgentEditValues = TAgentFieldValues & { status: TAgentStatus };

interface TAgentEditDialogProps {
  agent: TAgentDto | null;
  onClose: () => void;
  onSave: (values: TAgentEditValues) => void;
  saving: boolean;
  error: string | null;
}

/** Edit: name, email and phone required; status switches between active and inactive. */
export function AgentEditDialog({ agent, onClose, onSave, saving, error }: TAgentEditDialogProps) {
  const form = useFormState<TAgentEditValues>({ ...EMPTY_AGENT, status: 'active' });
  const { reset } = form;
  useEffect(() => {
    if (agent) reset({ name: agent.name, phone: agent.phone, email: agent.email, status: agent.status });
  }, [agent, reset]);

  return (
    <EditDialog
      opened={agent !== null}
      onClose={onClose}
      title="Edit Agent"
      saving={saving}
      error={error}
      size="md"
      onSubmit={() => {
        const values = form.validate((v) => ZAgentUpdate.safeParse(v));
        if (values) onSave(values);
      }}
    >
      <AgentFields values={form.values} errors={form.errors} onChange={form.setField} />
      <Switch
        label="Active"
        checked={form.values.status === 'active'}
        onChange={(event) => form.setField('status', event.currentTarget.checked ? 'active' : 'inactive')}
      />
    </EditDialog>
  );
}

interface TAgentDeleteDialogProps {
  agent: TAgentDto | null;
  onClose: () => void;
  onConfirm: () => void;
  deleting: boolean;
}

export function AgentDeleteDialog({ agent, onClose, onConfirm, deleting }: TAgentDeleteDialogProps) {
  const shown = useSticky(agent);
  return (
    <ConfirmDeleteDialog
      opened={agent !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      deleting={deleting}
      title="Delete Agent"
      message={
        shown
          ? `Delete ${shown.name} (${shown.code})? Their ${formatNumber(shown._count.users)} customer(s) stay and show as Direct.`
          : ''
      }
    />
  );
}
