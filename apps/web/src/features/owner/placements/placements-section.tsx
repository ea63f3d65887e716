import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  PLACEMENT_TEXTS,
  type TOwnerLanguage,
  type TPlacement,
  type TPlacementKind,
  ZPlacementCreate,
} from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { RecordDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { IconPencil, IconTrash } from '../../../components/data-table/icons.tsx';
import { FormDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { en, type TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { usePlacements, useRefreshPlacements } from './use-placements.ts';

/** A row of the list: the Default placement (the original QR code, no key) or a named one. */
export interface TPlacementRow {
  id: number | null;
  key: string | null;
  name: string;
  /** A staff member's own code ranks them on the dashboard's staff leaderboard; Default is a place. */
  kind: TPlacementKind;
  createdAt: string | null;
}

export const DEFAULT_PLACEMENT_ROW: TPlacementRow = {
  id: null,
  key: null,
  name: PLACEMENT_TEXTS.defaultName,
  kind: 'place',
  createdAt: null,
};

export interface TPlacementsSectionProps {
  /** The review page address of a placement (null key = Default); undefined until known. */
  urlFor: ((key: string | null) => string) | undefined;
  /** The placement whose QR code and table card are shown (null = Default). */
  selectedKey: string | null;
  onShowQr: (key: string | null) => void;
}

/** "3 of 50 placements used" on Essential, "3 placements (unlimited on your plan)" on Professional. */
export function placementUsage(
  count: number,
  limit: number | null,
  text: TOwnerMessages['placements'] = en.placements,
  language: TOwnerLanguage = 'en',
): string {
  if (limit === null) return plural(language, text.unlimited, count);
  return fill(text.used, { n: count, limit });
}

const EMPTY_NAME = { name: '' };
/** The checkbox that makes a placement a staff member's own code. */
export const STAFF_KIND_LABEL = en.placements.staffKind;

/**
 * Placements on the Profile screen: the Default one (the original QR code) and the owner's named
 * ones, each with its own QR code (shown above through `onShowQr`), rename and delete. A rename
 * keeps the key, so printed cards keep working; a deleted placement's printed code counts for
 * Default.
 */
export function PlacementsSection({ urlFor, selectedKey, onShowQr }: TPlacementsSectionProps) {
  const trpc = useTrpc();
  const t = useOwnerMessages().placements;
  const { language } = useOwnerLanguage();
  const placements = usePlacements();
  const refresh = useRefreshPlacements();
  const addForm = useForm(ZPlacementCreate, EMPTY_NAME);
  const [addError, setAddError] = useState<string | null>(null);
  const [addStaff, setAddStaff] = useState(false);
  const create = useMutation(trpc.owner.placements.create.mutationOptions());

  const [renaming, setRenaming] = useState<TPlacementRow | null>(null);
  const renameForm = useForm(ZPlacementCreate, EMPTY_NAME);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [renameStaff, setRenameStaff] = useState(false);
  const rename = useMutation(trpc.owner.placements.rename.mutationOptions());

  const [deleting, setDeleting] = useState<TPlacementRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useMutation(trpc.owner.placements.delete.mutationOptions());

  const list: readonly TPlacement[] = placements.data?.placements ?? [];
  const limit = placements.data?.limit ?? null;
  const full = limit !== null && list.length >= limit;

  const add = async () => {
    setAddError(null);
    const values = addForm.submit();
    if (!values) return;
    try {
      const created = await create.mutateAsync({
        ...values,
        ...(addStaff ? { kind: 'staff' as const } : {}),
      });
      addForm.reset(EMPTY_NAME);
      setAddStaff(false);
      notify.success(t.created);
      await refresh();
      // The new placement's QR code is what the owner wants next.
      onShowQr(created.key);
    } catch (error) {
      setAddError(addForm.showServerError(error, t.addFailed));
    }
  };

  const openRename = (row: TPlacementRow) => {
    renameForm.reset({ name: row.name });
    setRenameStaff(row.kind === 'staff');
    setRenameError(null);
    setRenaming(row);
  };
  const saveRename = async (name: string) => {
    if (!renaming?.id) return;
    setRenameError(null);
    try {
      const kind: TPlacementKind = renameStaff ? 'staff' : 'place';
      // The kind is sent only when it changes (a rename alone keeps it).
      await rename.mutateAsync({ id: renaming.id, name, ...(kind !== renaming.kind ? { kind } : {}) });
      notify.success(t.renamed);
      setRenaming(null);
      await refresh();
    } catch (error) {
      setRenameError(renameForm.showServerError(error, t.renameFailed));
    }
  };

  const confirmDelete = async () => {
    if (!deleting?.id) return;
    setDeleteError(null);
    try {
      const result = await remove.mutateAsync({ id: deleting.id });
      notify.success(result.message || t.deleted);
      if (deleting.key === selectedKey) onShowQr(null);
      setDeleting(null);
      await refresh();
    } catch (error) {
      setDeleteError(anyMessage(error, t.deleteFailed));
    }
  };

  const columns: TDataTableColumn<TPlacementRow>[] = [
    {
      key: 'name',
      header: t.name,
      render: (row) =>
        row.id === null ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {t.original}
            </Badge>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            {row.kind === 'staff' ? (
              <Badge variant="light" color="grape" size="sm">
                {t.staff}
              </Badge>
            ) : null}
          </Group>
        ),
    },
    {
      key: 'link',
      header: t.reviewPage,
      render: (row) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {urlFor?.(row.key) ?? ''}
        </Text>
      ),
    },
    { key: 'added', header: t.added, nowrap: true, render: (row) => formatDate(row.createdAt) },
    {
      key: 'actions',
      header: t.actions,
      nowrap: true,
      align: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-xs"
            variant={row.key === selectedKey ? 'filled' : 'light'}
            aria-pressed={row.key === selectedKey}
            aria-label={fill(t.showQr, { name: row.name })}
            onClick={() => onShowQr(row.key)}
          >
            {row.key === selectedKey ? t.showing : t.qrCode}
          </Button>
          {row.id !== null ? (
            <>
              <Tooltip label={t.rename}>
                <ActionIcon
                  variant="subtle"
                  aria-label={fill(t.renameOf, { name: row.name })}
                  onClick={() => openRename(row)}
                >
                  <IconPencil />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t.delete}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={fill(t.deleteOf, { name: row.name })}
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(row);
                  }}
                >
                  <IconTrash />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <SectionCard titleId="placements-title" title={t.title} description={t.description} gap="md">
      <Stack gap="md">
        {placements.isError ? (
          <LoadError title={t.loadFailed} query={placements} />
        ) : (
          <>
            <form noValidate onSubmit={submitHandler(() => void add(), create.isPending)}>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput
                  label={t.newPlacement}
                  placeholder={t.example}
                  {...addForm.input('name')}
                  disabled={full || create.isPending}
                  style={{ flex: '1 1 240px', maxWidth: 420 }}
                />
                <Button
                  type="submit"
                  mt={25}
                  loading={create.isPending}
                  disabled={full || placements.isPending}
                >
                  {t.add}
                </Button>
              </Group>
              <Checkbox
                mt="xs"
                label={t.staffKind}
                checked={addStaff}
                onChange={(event) => setAddStaff(event.currentTarget.checked)}
                disabled={full || create.isPending}
              />
            </form>
            <ErrorBanner message={addError} onDismiss={() => setAddError(null)} />
            {placements.data ? (
              <Text size="sm" c="dimmed" data-testid="placement-usage">
                {placementUsage(list.length, limit, t, language)}
                {full ? (
                  <>
                    {' '}
                    {t.fullBefore}
                    <AnchorLink to="/dashboard/plan">{t.fullLink}</AnchorLink>
                    {t.fullAfter}
                  </>
                ) : null}
              </Text>
            ) : null}
            <DataTable
              label={t.table}
              columns={columns}
              rows={[DEFAULT_PLACEMENT_ROW, ...list.map((p) => ({ ...p }))]}
              rowKey={(row) => row.id ?? 'default'}
              loading={placements.isPending}
              skeletonRows={3}
              emptyText={t.empty}
              minWidth={640}
            />
          </>
        )}
      </Stack>

      <FormDialog
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t.renameTitle}
        form={renameForm}
        onSave={(values) => void saveRename(values.name)}
        saving={rename.isPending}
        submitLabel={t.rename}
        savingLabel={t.saving}
        error={renameError}
        size="sm"
      >
        <TextInput label={t.name} data-autofocus {...renameForm.input('name')} />
        <Checkbox
          label={t.staffKind}
          checked={renameStaff}
          onChange={(event) => setRenameStaff(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          {t.sameQr}
        </Text>
      </FormDialog>

      <RecordDeleteDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        deleting={remove.isPending}
        title={t.deleteTitle}
        confirmLabel={t.delete}
        message={(row) => fill(t.deleteMessage, { name: row.name })}
        error={deleteError}
      />
    </SectionCard>
  );
}
