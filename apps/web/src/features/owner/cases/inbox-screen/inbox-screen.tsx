import { Box, Button, Drawer, Group, Pagination, Stack, Text } from '@mantine/core';
import type { TCase, TCaseDetail, TCaseOutcome, TCasesBulkUpdate } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePagedList } from '../../../../components/data-table/use-paged-list.ts';
import { notify } from '../../../../components/notify.ts';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { usePhoneLayout } from '../../../../lib/phone-layout.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { BulkBar } from '../bulk-bar/bulk-bar.tsx';
import { CaseDrawer, type TFocusRequest } from '../case-drawer/case-drawer.tsx';
import { CaseFigures } from '../case-figures/case-figures.tsx';
import { CaseList, caseButtonId } from '../case-list/case-list.tsx';
import { activeFilterCount, FiltersBar } from '../filters-bar/filters-bar.tsx';
import { INBOX_FILTERS, inboxList, type TInboxFilters } from '../inbox-search.ts';
import { ShortcutsHelp } from '../inbox-shortcuts/shortcuts-help.tsx';
import { useInboxShortcuts } from '../inbox-shortcuts/use-inbox-shortcuts.ts';
import { ResolveDialog } from '../resolve-dialog/resolve-dialog.tsx';
import { bulkSummary } from './bulk-summary.ts';
import classes from './inbox-screen.module.css';

/** The English texts (the catalog's; tests read them). */
export const INBOX_TEXT = { ...en.inbox, count: (n: number) => plural('en', en.inbox.count, n) };

/**
 * The feedback inbox (issue 33 item 7): the cases of every branch the person works on, filtered
 * and paged in the URL, worked one at a time in the case drawer (`?case=12`) or several at once
 * from the bulk bar; keyboard shortcuts on a desktop, cards and a bottom bar on a phone.
 */
export function InboxScreen() {
  const messages = useOwnerMessages();
  const { language } = useOwnerLanguage();
  const text = messages.inbox;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = usePagedList(inboxList);
  const { search } = list;
  const openId = useSearch({ from: '/_app/dashboard/inbox', select: (s) => s.case });
  const phone = usePhoneLayout();

  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const figures = useQuery(
    trpc.owner.cases.figures.queryOptions(
      search.businessId === undefined ? {} : { businessId: search.businessId },
      { staleTime: 60_000 },
    ),
  );
  const team = useQuery(trpc.owner.cases.assignees.queryOptions(undefined, { staleTime: 60_000 }));
  const assignees = team.data?.assignees ?? [];
  const meId = team.data?.meId ?? null;
  const branches = useMemo(
    () =>
      (account.data?.branches ?? []).map((b) => ({
        id: b.id,
        name: b.city ? `${b.businessName}, ${b.city}` : b.businessName,
      })),
    [account.data],
  );
  const branchName = useCallback(
    (id: number) => branches.find((b) => b.id === id)?.name ?? fill(messages.inbox.branchId, { id }),
    [branches, messages.inbox.branchId],
  );
  const personName = useCallback(
    (id: number) => assignees.find((a) => a.personId === id)?.name ?? text.formerMember,
    [assignees, text.formerMember],
  );
  const assigneeName = (id: number | null) => (id === null ? messages.caseList.unassigned : personName(id));

  const rows: readonly TCase[] | undefined = list.query.data?.cases;
  const filters: TInboxFilters = {
    status: search.status,
    businessId: search.businessId,
    assigneeId: search.assigneeId,
    rating: search.rating,
    channel: search.channel,
    overdue: search.overdue,
  };
  const filtered = activeFilterCount(filters) > 0;

  // Selection and the current row belong to the page on screen: a new page or filter starts afresh.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [activeId, setActiveId] = useState<number | null>(null);
  const pageKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the page's query changes
  useEffect(() => setSelected(new Set()), [pageKey]);
  const visibleSelected = useMemo(
    () => new Set([...selected].filter((id) => rows?.some((r) => r.id === id))),
    [selected, rows],
  );

  const [helpOpen, setHelpOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [resolving, setResolving] = useState<number[] | null>(null);
  const [focus, setFocus] = useState<TFocusRequest | null>(null);
  const firstFilter = useRef<HTMLInputElement>(null);

  const openCase = useCallback(
    (id: number, field?: TFocusRequest['field']) => {
      setActiveId(id);
      setFocus(field ? { field, at: Date.now() } : null);
      void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, case: id }) });
    },
    [navigate],
  );
  const closeCase = useCallback(() => {
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, case: undefined }) });
    // Back to the row it was opened from.
    if (activeId !== null)
      window.setTimeout(() => document.getElementById(caseButtonId(activeId))?.focus(), 0);
  }, [navigate, activeId]);

  const bulk = useMutation(trpc.owner.cases.bulkUpdate.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.owner.cases.pathKey() });
  const runBulk = async (steps: TCasesBulkUpdate[], done: string) => {
    try {
      let answer = await bulk.mutateAsync(steps[0]!);
      for (const step of steps.slice(1)) answer = await bulk.mutateAsync(step);
      const summary = bulkSummary(answer, done, language, messages.inboxTools.summary);
      if (summary.ok) notify.success(summary.message);
      else notify.error(summary.message, { autoClose: 8000 });
      setSelected(new Set());
    } catch (error) {
      notify.error(anyMessage(error));
    } finally {
      await refresh();
    }
  };

  const statusOf = (id: number) =>
    rows?.find((r) => r.id === id)?.status ??
    queryClient.getQueryData<TCaseDetail>(trpc.owner.cases.get.queryKey({ id }))?.status;
  /** The cases a shortcut or a bar acts on: the open one, else the selected ones, else the current row. */
  const targets = (): number[] =>
    openId !== undefined
      ? [openId]
      : visibleSelected.size > 0
        ? [...visibleSelected]
        : activeId !== null
          ? [activeId]
          : [];
  const assign = (ids: number[], personId: number) =>
    ids.length ? runBulk([{ ids, assigneeId: personId }], text.assigned) : undefined;
  const resolve = (ids: number[], outcome: TCaseOutcome) => {
    // The status rule is new -> in progress -> resolved: a new case is started first.
    const fresh = ids.filter((id) => statusOf(id) === 'new');
    const steps: TCasesBulkUpdate[] = [
      ...(fresh.length ? [{ ids: fresh, status: 'in_progress' as const }] : []),
      { ids, status: 'resolved', outcome },
    ];
    void runBulk(steps, text.resolved).then(() => setResolving(null));
  };

  const move = (step: 1 | -1) => {
    if (!rows?.length) return;
    const from = rows.findIndex((r) => r.id === (openId ?? activeId));
    const index =
      from === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, from + step));
    const id = rows[index]!.id;
    setActiveId(id);
    if (openId !== undefined) openCase(id);
    else document.getElementById(caseButtonId(id))?.focus();
  };

  useInboxShortcuts(
    {
      next: () => move(1),
      previous: () => move(-1),
      open: () => {
        if (openId === undefined && activeId !== null) openCase(activeId);
      },
      assignToMe: () => {
        if (meId !== null) void assign(targets(), meId);
      },
      resolve: () => {
        const ids = targets();
        if (ids.length) setResolving(ids);
      },
      note: () => {
        const id = openId ?? activeId;
        if (id !== null) openCase(id, 'note');
      },
      filters: () => (phone ? setFiltersOpen(true) : firstFilter.current?.focus()),
      close: () => {
        if (helpOpen) setHelpOpen(false);
        else if (openId !== undefined) closeCase();
      },
      help: () => setHelpOpen((open) => !open),
    },
    resolving === null && !filtersOpen,
  );

  const setFilter = <K extends keyof TInboxFilters>(key: K, value: TInboxFilters[K]) =>
    list.setFilter(key, value as never);
  const clearFilters = () =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({
        ...prev,
        ...Object.fromEntries(Object.entries(INBOX_FILTERS).map(([key, field]) => [key, field.fallback])),
        page: 1,
      }),
    });

  const filterBar = (layout: 'row' | 'stack') => (
    <FiltersBar
      filters={filters}
      onChange={setFilter}
      onClear={clearFilters}
      branches={branches}
      assignees={assignees}
      meId={meId}
      layout={layout}
      firstRef={firstFilter}
    />
  );
  const total = list.total;
  const totalPages = list.query.data?.meta.totalPages ?? 0;
  const emptyText = filtered ? text.emptyFiltered : search.status === 'all' ? text.emptyAll : text.emptyOpen;
  const bulkBar = (compact: boolean) => (
    <BulkBar
      count={visibleSelected.size}
      assignees={assignees}
      meId={meId}
      onAssign={(personId) => void assign([...visibleSelected], personId)}
      onResolve={() => setResolving([...visibleSelected])}
      onClear={() => setSelected(new Set())}
      busy={bulk.isPending}
      compact={compact}
    />
  );

  return (
    <Stack gap="md" className={phone ? classes.phoneRoom : undefined}>
      {/* What the team learns (last 30 days, the branch filtered on or all): above the list. */}
      <Box data-slot="case-figures">{figures.data ? <CaseFigures figures={figures.data} /> : null}</Box>

      {phone ? null : (
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          {filterBar('row')}
          <ShortcutsHelp opened={helpOpen} onChange={setHelpOpen} />
        </Group>
      )}

      <Group justify="space-between" gap="xs" mih={30}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.query.data ? plural(language, text.count, total) : '\u00a0'}
        </Text>
        {!phone && visibleSelected.size > 0 ? bulkBar(false) : null}
      </Group>

      {list.query.isError && !list.query.data ? (
        <LoadError title={text.loadFailed} query={list.query} />
      ) : (
        <Box
          data-stale={list.query.isPlaceholderData || undefined}
          aria-busy={list.query.isFetching || undefined}
          style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}
        >
          <CaseList
            cases={rows}
            layout={phone ? 'cards' : 'table'}
            branchName={branches.length > 1 ? branchName : undefined}
            assigneeName={assigneeName}
            selected={visibleSelected}
            onToggle={(id) =>
              setSelected((previous) => {
                const next = new Set(previous);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onToggleAll={(on) => setSelected(on ? new Set(rows?.map((r) => r.id)) : new Set())}
            activeId={activeId}
            onActive={setActiveId}
            onOpen={(id) => openCase(id)}
            emptyText={emptyText}
          />
        </Box>
      )}

      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={Math.min(search.page, totalPages)}
            onChange={list.setPage}
            siblings={phone ? 0 : 1}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': fill(messages.inbox.page, { n: item }) })}
            getControlProps={(control) => ({
              'aria-label': {
                first: messages.inbox.firstPage,
                previous: messages.inbox.previousPage,
                next: messages.inbox.nextPage,
                last: messages.inbox.lastPage,
              }[control],
            })}
          />
        </Group>
      ) : null}

      {phone ? (
        <Box className={classes.phoneBar}>
          {visibleSelected.size > 0 ? (
            bulkBar(true)
          ) : (
            <Group gap="xs" grow wrap="nowrap">
              <Button variant="default" onClick={() => setFiltersOpen(true)}>
                {activeFilterCount(filters)
                  ? `${text.filters} (${activeFilterCount(filters)})`
                  : text.filters}
              </Button>
              {meId !== null ? (
                <Button
                  variant={search.assigneeId === meId ? 'filled' : 'default'}
                  aria-pressed={search.assigneeId === meId}
                  onClick={() => setFilter('assigneeId', search.assigneeId === meId ? undefined : meId)}
                >
                  {text.mine}
                </Button>
              ) : null}
              <Button
                variant={search.overdue ? 'filled' : 'default'}
                color={search.overdue ? 'red' : undefined}
                aria-pressed={search.overdue === true}
                onClick={() => setFilter('overdue', search.overdue ? undefined : true)}
              >
                {text.overdue}
              </Button>
            </Group>
          )}
        </Box>
      ) : null}

      <Drawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        position="bottom"
        size="auto"
        title={text.filtersTitle}
        closeButtonProps={{ 'aria-label': text.closeFilters }}
      >
        <Stack gap="md" pb="md">
          {filterBar('stack')}
          <Button size="md" onClick={() => setFiltersOpen(false)}>
            {text.showCases}
          </Button>
        </Stack>
      </Drawer>

      <CaseDrawer
        caseId={openId}
        phone={phone}
        assignees={assignees}
        meId={meId}
        branchName={branchName}
        personName={personName}
        onClose={closeCase}
        onResolve={(kase) => setResolving([kase.id])}
        focus={focus}
      />
      <ResolveDialog
        count={resolving?.length ?? null}
        busy={bulk.isPending}
        onResolve={(outcome) => resolving && resolve(resolving, outcome)}
        onClose={() => setResolving(null)}
      />
    </Stack>
  );
}
