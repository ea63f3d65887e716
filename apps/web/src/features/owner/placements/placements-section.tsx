import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { PLACEMENT_TEXTS, type TPlacement, type TPlacementKind, ZPlacementCreate } from '@starloop/contract';
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
export function placementUsage(count: number, limit: number | null): string {
  if (limit === null) return `${count} ${count === 1 ? 'placement' : 'placements'} (unlimited on your plan)`;
  return `${count} of ${limit} placements used`;
}

const EMPTY_NAME = { name: '' };
/** The checkbox that makes a placement a staff member's own code. */
export const STAFF_KIND_LABEL = "A staff member's own QR code (ranks them on the staff leaderboard)";

/**
 * Placements on the Profile screen: the Default one (the original QR code) and the owner's named
 * ones, each with its own QR code (shown above through `onShowQr`), rename and delete. A rename
 * keeps the key, so printed cards keep working; a deleted placement's printed code counts for
 * Default.
 */
export function PlacementsSection({ urlFor, selectedKey, onShowQr }: TPlacementsSectionProps) {
  const trpc = useTrpc();
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
      notify.success(PLACEMENT_TEXTS.created);
      await refresh();
      // The new placement's QR code is what the owner wants next.
      onShowQr(created.key);
    } catch (error) {
      setAddError(addForm.showServerError(error, 'Could not add the placement. Please try again.'));
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
      notify.success(PLACEMENT_TEXTS.renamed);
      setRenaming(null);
      await refresh();
    } catch (error) {
      setRenameError(renameForm.showServerError(error, 'Could not rename the placement. Please try again.'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting?.id) return;
    setDeleteError(null);
    try {
      const result = await remove.mutateAsync({ id: deleting.id });
      notify.success(result.message || PLACEMENT_TEXTS.deleted);
      if (deleting.key === selectedKey) onShowQr(null);
      setDeleting(null);
      await refresh();
    } catch (error) {
      setDeleteError(anyMessage(error, 'Could not delete the placement. Please try again.'));
    }
  };

  const columns: TDataTableColumn<TPlacementRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) =>
        row.id === null ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              Original QR code
            </Badge>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            {row.kind === 'staff' ? (
              <Badge variant="light" color="grape" size="sm">
                Staff
              </Badge>
            ) : null}
          </Group>
        ),
    },
    {
      key: 'link',
      header: 'Review page',
      render: (row) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {urlFor?.(row.key) ?? ''}
        </Text>
      ),
    },
    { key: 'added', header: 'Added', nowrap: true, render: (row) => formatDate(row.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      align: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-xs"
            variant={row.key === selectedKey ? 'filled' : 'light'}
            aria-pressed={row.key === selectedKey}
            aria-label={`Show QR code for ${row.name}`}
            onClick={() => onShowQr(row.key)}
          >
            {row.key === selectedKey ? 'Showing' : 'QR code'}
          </Button>
          {row.id !== null ? (
            <>
              <Tooltip label="Rename">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Rename ${row.name}`}
                  onClick={() => openRename(row)}
                >
                  <IconPencil />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${row.name}`}
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
    <SectionCard
      titleId="placements-title"
      title="Placements"
      description="Give each table, counter, delivery bag or staff member its own QR code, and see on your dashboard where reviews come from. Your original QR code is the Default placement and keeps working."
      gap="md"
    >
      <Stack gap="md">
        {placements.isError ? (
          <LoadError title="Failed to load placements" query={placements} />
        ) : (
          <>
            <form noValidate onSubmit={submitHandler(() => void add(), create.isPending)}>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput
                  label="New placement"
                  placeholder="e.g. Table 4, Billing counter"
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
                  Add placement
                </Button>
              </Group>
              <Checkbox
                mt="xs"
                label={STAFF_KIND_LABEL}
                checked={addStaff}
                onChange={(event) => setAddStaff(event.currentTarget.checked)}
                disabled={full || create.isPending}
              />
            </form>
            <ErrorBanner message={addError} onDismiss={() => setAddError(null)} />
            {placements.data ? (
              <Text size="sm" c="dimmed" data-testid="placement-usage">
                {placementUsage(list.length, limit)}
                {full ? (
                  <>
                    {' '}
                    — that is all your Essential plan includes. Delete one you no longer use, or{' '}
                    <AnchorLink to="/dashboard/plan">move to Professional</AnchorLink> for unlimited
                    placements.
                  </>
                ) : null}
              </Text>
            ) : null}
            <DataTable
              label="Placements"
              columns={columns}
              rows={[DEFAULT_PLACEMENT_ROW, ...list.map((p) => ({ ...p }))]}
              rowKey={(row) => row.id ?? 'default'}
              loading={placements.isPending}
              skeletonRows={3}
              emptyText="No placements yet."
              minWidth={640}
            />
          </>
        )}
      </Stack>

      <FormDialog
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Rename placement"
        form={renameForm}
        onSave={(values) => void saveRename(values.name)}
        saving={rename.isPending}
        submitLabel="Rename"
        error={renameError}
        size="sm"
      >
        <TextInput label="Name" data-autofocus {...renameForm.input('name')} />
        <Checkbox
          label={STAFF_KIND_LABEL}
          checked={renameStaff}
          onChange={(event) => setRenameStaff(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          The QR code stays the same: cards you have printed keep working.
        </Text>
      </FormDialog>

      <RecordDeleteDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        deleting={remove.isPending}
        title="Delete placement"
        message={(row) =>
          `Delete "${row.name}"? Scans of its printed QR code will count for Default from now on. Its reviews and scans so far stay in your stats.`
        }
        error={deleteError}
      />
    </SectionCard>
  );
}
