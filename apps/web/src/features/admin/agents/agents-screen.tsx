import { Button, Text } from '@mantine/core';
import { PAGE_SIZE, type TAgentDto, type TAgentSortField, TIMINGS, type TPageMeta } from '@starloop/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { sortParams } from '../../../components/data-table/sort.ts';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { notify } from '../../../components/notify.ts';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { AgentStatusBadge } from '../shared/badges.tsx';
import { serverMessage } from '../shared/errors.ts';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';
import { AgentCreateDialog, AgentDeleteDialog, AgentEditDialog, AgentViewDialog } from './agent-dialogs.tsx';
import { AGENT_TEXTS, AGENT_TOAST_MS } from './agent-fields.tsx';

type TDialog = { kind: 'view' | 'edit' | 'delete'; agent: TAgentDto } | { kind: 'create' } | null;

/** /admin-dashboard/agents: cards, debounced search, sortable table, Add Agent, view / edit / delete. */
export function AgentsScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const table = useTableState<TAgentSortField>();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const query = useQuery({
    ...trpc.admin.agents.list.queryOptions({
      page: table.page,
      limit: PAGE_SIZE.agents,
      ...(table.search.trim() ? { search: table.search.trim() } : {}),
      ...sortParams(table.sort),
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const agents: readonly TAgentDto[] = data?.agents ?? [];
  const meta: TPageMeta | undefined = data?.meta;
  useClampPage(table.page, meta?.totalPages, table.setPage);

  // Spec section 8: agent list failures are only logged.
  useEffect(() => {
    if (query.error) console.error('Failed to load agents', query.error);
  }, [query.error]);

  const create = useMutation(trpc.admin.agents.create.mutationOptions());
  const update = useMutation(trpc.admin.agents.update.mutationOptions());
  const remove = useMutation(trpc.admin.agents.delete.mutationOptions());

  const close = () => {
    setDialog(null);
    setFormError(null);
  };
  const done = (message: string, autoClose?: number) => {
    notify.success(message, autoClose ? { autoClose } : undefined);
    close();
    void refresh();
  };

  const columns: TDataTableColumn<TAgentDto, TAgentSortField>[] = [
    { key: 'code', header: 'Code', sortKey: 'code', nowrap: true, render: (a) => a.code },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      render: (a) => (
        <Text size="sm" fw={600}>
          {a.name}
        </Text>
      ),
    },
    { key: 'email', header: 'Email', sortKey: 'email', render: (a) => a.email },
    { key: 'phone', header: 'Phone', sortKey: 'phone', nowrap: true, render: (a) => a.phone },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (a) => <AgentStatusBadge status={a.status} />,
    },
    {
      key: 'users',
      header: 'Users',
      sortKey: 'users',
      align: 'right',
      render: (a) => formatNumber(a._count.users),
    },
    {
      key: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      nowrap: true,
      render: (a) => formatDate(a.createdAt),
    },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (agent) => (
        <RowActions
          actions={[
            {
              kind: 'view',
              label: `View agent ${agent.name}`,
              onClick: () => setDialog({ kind: 'view', agent }),
            },
            {
              kind: 'edit',
              label: `Edit agent ${agent.name}`,
              onClick: () => setDialog({ kind: 'edit', agent }),
            },
            {
              kind: 'delete',
              label: `Delete agent ${agent.name}`,
              onClick: () => setDialog({ kind: 'delete', agent }),
            },
          ]}
        />
      ),
    },
  ];

  const loading = query.isPending;
  const selected = dialog && dialog.kind !== 'create' ? dialog.agent : null;
  return (
    <AdminPage
      title="Agents Management"
      actions={
        <Button
          onClick={() => {
            setFormError(null);
            setDialog({ kind: 'create' });
          }}
        >
          Add Agent
        </Button>
      }
    >
      <StatGrid cols={3}>
        <StatCard label="Total Agents" loading={loading} value={formatNumber(data?.counts.total ?? 0)} />
        <StatCard label="Active Agents" loading={loading} value={formatNumber(data?.counts.active ?? 0)} />
        <StatCard
          label="Inactive Agents"
          loading={loading}
          value={formatNumber(data?.counts.inactive ?? 0)}
        />
      </StatGrid>
      <DataTable
        label="Agents"
        columns={columns}
        rows={agents}
        rowKey={(a) => a.id}
        loading={loading}
        stale={query.isPlaceholderData}
        emptyText={
          table.search ? 'No agents found matching your search.' : 'No agents yet. Add the first one.'
        }
        sort={table.sort}
        onSortChange={table.setSort}
        search={{
          value: table.search,
          onChange: table.setSearch,
          placeholder: 'Search agents...',
          label: 'Search agents',
          debounceMs: TIMINGS.agentSearchDebounce,
        }}
        pagination={{
          page: table.page,
          limit: PAGE_SIZE.agents,
          total: meta?.total ?? 0,
          onPageChange: table.setPage,
        }}
        minWidth={960}
      />

      <AgentViewDialog agent={dialog?.kind === 'view' ? dialog.agent : null} onClose={close} />
      <AgentCreateDialog
        opened={dialog?.kind === 'create'}
        onClose={close}
        saving={create.isPending}
        error={formError}
        onSave={(values) => {
          setFormError(null);
          create.mutate(values, {
            onSuccess: () => done(AGENT_TEXTS.created, AGENT_TOAST_MS.success),
            onError: (error) => {
              const message = serverMessage(error) ?? AGENT_TEXTS.createFailed;
              notify.error(message, { autoClose: AGENT_TOAST_MS.error });
              setFormError(message);
            },
          });
        }}
      />
      <AgentEditDialog
        agent={dialog?.kind === 'edit' ? dialog.agent : null}
        onClose={close}
        saving={update.isPending}
        error={formError}
        onSave={(values) => {
          if (!selected) return;
          setFormError(null);
          update.mutate(
            { id: selected.id, ...values },
            {
              onSuccess: () => done(AGENT_TEXTS.updated),
              onError: (error) => {
                const message = serverMessage(error) ?? AGENT_TEXTS.updateFailed;
                notify.error(message);
                setFormError(message);
              },
            },
          );
        }}
      />
      <AgentDeleteDialog
        agent={dialog?.kind === 'delete' ? dialog.agent : null}
        onClose={close}
        deleting={remove.isPending}
        onConfirm={() => {
          if (!selected) return;
          remove.mutate(
            { id: selected.id },
            {
              onSuccess: () => done(AGENT_TEXTS.deleted),
              onError: (error) => notify.error(serverMessage(error) ?? AGENT_TEXTS.deleteFailed),
            },
          );
        }}
      />
    </AdminPage>
  );
}
