import { Button } from '@mantine/core';
import { type TAgentDto, type TAgentSortField, TIMINGS } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { RecordDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import { col } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { serverMessage } from '../../../lib/api-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { agentsList } from '../shared/admin-lists.ts';
import { AgentStatusBadge } from '../shared/badges.tsx';
import { useLogError } from '../shared/use-log-error.ts';
import { useRecordDialog } from '../shared/use-record-dialog.ts';
import { AgentCreateDialog, AgentEditDialog, agentDeleteMessage, agentFields } from './agent-dialogs.tsx';
import { AGENT_TEXTS, AGENT_TOAST_MS } from './agent-fields.tsx';

/** /admin-dashboard/agents: cards, debounced search, sortable table, Add Agent, view / edit / delete. */
export function AgentsScreen() {
  const trpc = useTrpc();
  const list = usePagedList(agentsList);
  const { query } = list;
  const dialogs = useRecordDialog<TAgentDto>();
  const create = useMutation(trpc.admin.agents.create.mutationOptions());
  const update = useMutation(trpc.admin.agents.update.mutationOptions());
  const remove = useMutation(trpc.admin.agents.delete.mutationOptions());

  const data = query.data;
  const agents: readonly TAgentDto[] = data?.agents ?? [];

  // Spec section 8: agent list failures are only logged.
  useLogError(query.error, 'Failed to load agents');

  /** A failed create or edit: the server's message (else ours) as a toast and in the dialog. */
  const failed = (fallback: string, autoClose?: number) => (error: unknown) => {
    const message = serverMessage(error) ?? fallback;
    notify.error(message, autoClose ? { autoClose } : undefined);
    dialogs.setError(message);
  };

  const columns: TDataTableColumn<TAgentDto, TAgentSortField>[] = [
    col.text('code', 'Code', (a) => a.code, { sortKey: 'code', nowrap: true }),
    col.strong('name', 'Name', (a) => a.name, { sortKey: 'name' }),
    col.text('email', 'Email', (a) => a.email, { sortKey: 'email' }),
    col.text('phone', 'Phone', (a) => a.phone, { sortKey: 'phone', nowrap: true }),
    col.text('status', 'Status', (a) => <AgentStatusBadge status={a.status} />, { sortKey: 'status' }),
    col.text('users', 'Users', (a) => formatNumber(a._count.users), { sortKey: 'users', align: 'right' }),
    col.date('created', 'Created', (a) => a.createdAt, { sortKey: 'createdAt' }),
    col.actions(col.recordActions<TAgentDto>('agent', (a) => a.name, dialogs.open)),
  ];

  return (
    <AdminListScreen
      title="Agents Management"
      actions={<Button onClick={() => dialogs.open('create')}>Add Agent</Button>}
      cards={[
        ['Total Agents', data?.counts.total],
        ['Active Agents', data?.counts.active],
        ['Inactive Agents', data?.counts.inactive],
      ]}
      list={list}
      label="Agents"
      columns={columns}
      rows={agents}
      empty={['No agents found matching your search.', 'No agents yet. Add the first one.']}
      sortable
      searchBox={{
        placeholder: 'Search agents...',
        label: 'Search agents',
        debounceMs: TIMINGS.agentSearchDebounce,
      }}
      minWidth={960}
    >
      <RecordDetailDialog {...dialogs.viewProps} title="Agent Details" fields={agentFields} />
      <AgentCreateDialog
        opened={dialogs.isOpen('create')}
        {...dialogs.editProps(create)}
        onSave={(values) =>
          dialogs.run(create, values, {
            success: AGENT_TEXTS.created,
            autoClose: AGENT_TOAST_MS.success,
            onError: failed(AGENT_TEXTS.createFailed, AGENT_TOAST_MS.error),
          })
        }
      />
      <AgentEditDialog
        agent={dialogs.recordFor('edit')}
        {...dialogs.saveProps(update, {
          success: AGENT_TEXTS.updated,
          onError: failed(AGENT_TEXTS.updateFailed),
        })}
      />
      <RecordDeleteDialog
        {...dialogs.removeProps(remove, {
          success: AGENT_TEXTS.deleted,
          onError: (error) => notify.error(serverMessage(error) ?? AGENT_TEXTS.deleteFailed),
        })}
        title="Delete Agent"
        message={agentDeleteMessage}
      />
    </AdminListScreen>
  );
}
