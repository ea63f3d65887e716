import { Switch } from '@mantine/core';
import { type TAgentDto, ZAgentCreate, ZAgentUpdate } from '@starloop/contract';
import type { TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { FormDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { useRecordForm } from '../../../components/edit-dialog/use-record-form.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { AgentStatusBadge } from '../shared/badges.tsx';
import type { TEditDialogHandlers } from '../shared/record-dialogs.ts';
import { AgentFields, EMPTY_AGENT, type TAgentFieldValues } from './agent-fields.tsx';

/** 'Agent Details'. */
export const agentFields = (shown: TAgentDto): TDetailField[] => [
  { label: 'Code', value: shown.code },
  { label: 'Status', value: <AgentStatusBadge status={shown.status} /> },
  { label: 'Name', value: shown.name },
  { label: 'Phone', value: shown.phone },
  { label: 'Email', value: shown.email },
  { label: 'Users', value: formatNumber(shown._count.users) },
  { label: 'Created', value: formatDateTime(shown.createdAt) },
  { label: 'Last updated', value: formatDateTime(shown.updatedAt) },
];

export const agentDeleteMessage = (shown: TAgentDto) =>
  `Delete ${shown.name} (${shown.code})? Their ${formatNumber(shown._count.users)} customer(s) stay and show as Direct.`;

const NEW_AGENT = { kind: 'new' } as const;
const emptyAgent = () => EMPTY_AGENT;

/** 'Add Agent': the Create Agent rules and normalisation of spec section 5 (ZAgentCreate). */
export function AgentCreateDialog({
  opened,
  ...props
}: TEditDialogHandlers<TAgentFieldValues> & { opened: boolean }) {
  const form = useRecordForm(ZAgentCreate, opened ? NEW_AGENT : null, emptyAgent, EMPTY_AGENT);
  return (
    <FormDialog form={form} opened={opened} title="Add Agent" submitLabel="Create Agent" size="md" {...props}>
      <AgentFields form={form} />
    </FormDialog>
  );
}

type TAgentEditValues = TAgentFieldValues & { status: TAgentDto['status'] };
const agentValues = ({ name, phone, email, status }: TAgentDto): TAgentEditValues => ({
  name,
  phone,
  email,
  status,
});

/** Edit: name, email and phone required; status switches between active and inactive (ZAgentUpdate). */
export function AgentEditDialog({
  agent,
  ...props
}: TEditDialogHandlers<TAgentEditValues> & { agent: TAgentDto | null }) {
  const form = useRecordForm(ZAgentUpdate, agent, agentValues, { ...EMPTY_AGENT, status: 'active' });
  return (
    <FormDialog form={form} opened={agent !== null} title="Edit Agent" size="md" {...props}>
      <AgentFields form={form} />
      <Switch
        label="Active"
        checked={form.values.status === 'active'}
        onChange={(event) => form.setField('status', event.currentTarget.checked ? 'active' : 'inactive')}
      />
    </FormDialog>
  );
}
