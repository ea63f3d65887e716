import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  CONTACT_IMPORT_MAX_ROWS,
  type TConsentSource,
  type TImportPreview,
  type TImportProgress,
  type TImportRow,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TDialogProps } from '../../../components/busy-modal/busy-modal.tsx';
import { col } from '../../../components/data-table/columns.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ConsentSourceSelect } from './consent-source-select.tsx';
import { uploadContactsFile } from './upload-contacts.ts';

type TStep = 'choose' | 'uploading' | 'preview' | 'importing' | 'done';

const ROW_COLUMN = col.text<TImportRow>('row', 'Row', (row) => row.row);
const NAME_COLUMN = col.text<TImportRow>('name', 'Name', (row) => row.name ?? '-');

/** The rows the import skips, and why. */
const ERROR_COLUMNS = [
  ROW_COLUMN,
  NAME_COLUMN,
  col.text<TImportRow>('problem', 'Problem', (row) => row.errors.join('; ')),
];

/** The file's first rows as they will be stored. */
const SAMPLE_COLUMNS: TTableColumn<TImportRow>[] = [
  ROW_COLUMN,
  NAME_COLUMN,
  col.text('phone', 'Phone', (row) => row.phone ?? '-'),
  col.text('email', 'Email', (row) => row.email ?? '-'),
  col.text('consent', 'Consent', (row) => (row.consent ? 'Yes' : 'No')),
  col.text('action', 'Action', (row) => (
    <Badge variant="light" color={row.action === 'create' ? 'green' : 'blue'}>
      {row.action === 'create' ? 'New' : 'Merge'}
    </Badge>
  )),
];

/** A table of the file's rows, in a box that scrolls past a few of them. */
function PreviewTable({
  label,
  columns,
  rows,
  striped,
}: {
  label: string;
  columns: readonly TTableColumn<TImportRow>[];
  rows: readonly TImportRow[];
  striped?: boolean;
}) {
  return (
    <SimpleTable
      striped={striped}
      withTableBorder
      aria-label={label}
      scroll={{ minWidth: 520, mah: 220, type: 'native' }}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.row}
    />
  );
}

const Figure = ({ label, value }: { label: string; value: number }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} size="lg">
      {value.toLocaleString('en-IN')}
    </Text>
  </Stack>
);

/**
 * Import customers from a CSV or Excel file: the file is uploaded (a progress bar), the server
 * answers a preview with every row's errors and what will be added or merged, nothing is stored
 * until "Import", which stores 1,000 customers a call and moves the progress bar each time.
 */
export function ImportDialog({ opened, onClose, onDone }: TDialogProps & { onDone: () => void }) {
  const trpc = useTrpc();
  const commit = useMutation(trpc.owner.requests.commitImport.mutationOptions());
  const [file, setFile] = useState<File | null>(null);
  const [consentForAll, setConsentForAll] = useState(false);
  const [consentSource, setConsentSource] = useState<TConsentSource>('in-person');
  const [step, setStep] = useState<TStep>('choose');
  const [share, setShare] = useState(0);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [progress, setProgress] = useState<TImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setStep('choose');
    setShare(0);
    setPreview(null);
    setProgress(null);
    setError(null);
  };
  const close = () => {
    if (step === 'uploading' || step === 'importing') return;
    if (step === 'done') onDone();
    reset();
    onClose();
  };

  const upload = async () => {
    if (!file) {
      setError('Choose a CSV or Excel (.xlsx) file');
      return;
    }
    setError(null);
    setStep('uploading');
    setShare(0);
    try {
      const answer = await uploadContactsFile(
        file,
        { consentForAll, ...(consentForAll ? { consentSource } : {}) },
        setShare,
      );
      setPreview(answer);
      setStep('preview');
    } catch (uploadError) {
      setError(anyMessage(uploadError, 'Could not read the file. Please try again.'));
      setStep('choose');
    }
  };

  const runImport = async () => {
    if (!preview) return;
    setError(null);
    setStep('importing');
    try {
      for (;;) {
        const next = await commit.mutateAsync({ importId: preview.importId });
        setProgress(next);
        if (next.done) break;
      }
      setStep('done');
    } catch (importError) {
      // What was stored stays stored; "Import" again carries on from there.
      setError(anyMessage(importError, 'The import stopped. Please try again.'));
      setStep('preview');
    }
  };

  const storedShare = progress && progress.total > 0 ? progress.processed / progress.total : 0;

  return (
    <Modal opened={opened} onClose={close} title="Import customers" size="xl" closeOnClickOutside={false}>
      <Stack gap="md">
        {step === 'choose' || step === 'uploading' ? (
          <>
            <Text size="sm">
              A CSV or Excel (.xlsx) file with a header row: a phone or email column, and optionally name,
              consent (yes/no), consent date and how consent was given. Up to{' '}
              {CONTACT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} customers per file. Customers already in your
              list are merged, not added twice.
            </Text>
            <FileInput
              label="File"
              placeholder="Choose a file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              disabled={step === 'uploading'}
              clearable
            />
            <Checkbox
              label="All of these customers agreed to get messages from us (used where the file does not say)"
              checked={consentForAll}
              onChange={(event) => setConsentForAll(event.currentTarget.checked)}
              disabled={step === 'uploading'}
            />
            {consentForAll ? <ConsentSourceSelect value={consentSource} onChange={setConsentSource} /> : null}
            {step === 'uploading' ? (
              <Stack gap={4}>
                <Text size="sm">Uploading and checking the file…</Text>
                <Progress value={Math.round(share * 100)} aria-label="Upload progress" animated />
              </Stack>
            ) : null}
          </>
        ) : null}

        {preview && step !== 'choose' && step !== 'uploading' ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label="Rows" value={preview.total} />
              <Figure label="New customers" value={preview.toCreate} />
              <Figure label="Merged" value={preview.toMerge + preview.duplicatesInFile} />
              <Figure label="Rows with errors" value={preview.invalid} />
            </SimpleGrid>
            {preview.errors.length > 0 ? (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  Rows with errors (skipped)
                </Text>
                <PreviewTable
                  label="Rows with errors"
                  columns={ERROR_COLUMNS}
                  rows={preview.errors}
                  striped
                />
              </Stack>
            ) : null}
            {preview.sample.length > 0 ? (
              <PreviewTable label="First rows" columns={SAMPLE_COLUMNS} rows={preview.sample} />
            ) : null}
            {step === 'importing' || step === 'done' ? (
              <Stack gap={4}>
                <Text size="sm">
                  {step === 'done'
                    ? progress?.message
                    : `Importing… ${(progress?.processed ?? 0).toLocaleString('en-IN')} of ${(preview.toCreate + preview.toMerge).toLocaleString('en-IN')}`}
                </Text>
                <Progress
                  value={step === 'done' ? 100 : Math.round(storedShare * 100)}
                  aria-label="Import progress"
                />
              </Stack>
            ) : null}
          </>
        ) : null}

        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}

        <Group justify="flex-end">
          {step === 'done' ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <>
              <Button
                variant="default"
                onClick={close}
                disabled={step === 'uploading' || step === 'importing'}
              >
                Cancel
              </Button>
              {step === 'choose' || step === 'uploading' ? (
                <Button onClick={() => void upload()} loading={step === 'uploading'}>
                  Check file
                </Button>
              ) : (
                <Button
                  onClick={() => void runImport()}
                  loading={step === 'importing'}
                  disabled={!preview || preview.toCreate + preview.toMerge === 0}
                >
                  Import {preview ? (preview.toCreate + preview.toMerge).toLocaleString('en-IN') : ''}{' '}
                  customers
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
