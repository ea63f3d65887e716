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
import { fill } from '@starloop/review-page';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TDialogProps } from '../../../components/busy-modal/busy-modal.tsx';
import { col } from '../../../components/data-table/columns.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ConsentSourceSelect } from './consent-source-select.tsx';
import { useRequestTexts } from './request-texts.ts';
import { uploadContactsFile } from './upload-contacts.ts';

type TStep = 'choose' | 'uploading' | 'preview' | 'importing' | 'done';

/** The rows the import skips and why (`errors`), and the file's first rows as they will be stored (`sample`). */
function previewColumns(texts: TOwnerMessages['requests']) {
  const t = texts.import;
  const rowColumn = col.text<TImportRow>('row', t.row, (row) => row.row);
  const nameColumn = col.text<TImportRow>('name', texts.name, (row) => row.name ?? '-');
  const errors: TTableColumn<TImportRow>[] = [
    rowColumn,
    nameColumn,
    col.text('problem', t.problem, (row) => row.errors.join('; ')),
  ];
  const sample: TTableColumn<TImportRow>[] = [
    rowColumn,
    nameColumn,
    col.text('phone', texts.phone, (row) => row.phone ?? '-'),
    col.text('email', texts.email, (row) => row.email ?? '-'),
    col.text('consent', t.consent, (row) => (row.consent ? t.yes : t.no)),
    col.text('action', t.action, (row) => (
      <Badge variant="light" color={row.action === 'create' ? 'green' : 'blue'}>
        {row.action === 'create' ? t.new : t.merge}
      </Badge>
    )),
  ];
  return { errors, sample };
}

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
      {formatNumber(value)}
    </Text>
  </Stack>
);

/**
 * Import customers from a CSV or Excel file: the file is uploaded (a progress bar), the server
 * answers a preview with every row's errors and what will be added or merged, nothing is stored
 * until "Import", which stores 1,000 customers a call and moves the progress bar each time.
 */
export function ImportDialog({ opened, onClose, onDone }: TDialogProps & { onDone: () => void }) {
  const { t: texts, count } = useRequestTexts();
  const t = texts.import;
  const columns = previewColumns(texts);
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
      setError(t.noFile);
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
      setError(anyMessage(uploadError, t.readFailed));
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
      setError(anyMessage(importError, t.stopped));
      setStep('preview');
    }
  };

  const storedShare = progress && progress.total > 0 ? progress.processed / progress.total : 0;

  return (
    <Modal opened={opened} onClose={close} title={t.title} size="xl" closeOnClickOutside={false}>
      <Stack gap="md">
        {step === 'choose' || step === 'uploading' ? (
          <>
            <Text size="sm">{fill(t.intro, { max: formatNumber(CONTACT_IMPORT_MAX_ROWS) })}</Text>
            <FileInput
              label={t.file}
              placeholder={t.chooseFile}
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              disabled={step === 'uploading'}
              clearable
            />
            <Checkbox
              label={t.consentForAll}
              checked={consentForAll}
              onChange={(event) => setConsentForAll(event.currentTarget.checked)}
              disabled={step === 'uploading'}
            />
            {consentForAll ? <ConsentSourceSelect value={consentSource} onChange={setConsentSource} /> : null}
            {step === 'uploading' ? (
              <Stack gap={4}>
                <Text size="sm">{t.uploading}</Text>
                <Progress value={Math.round(share * 100)} aria-label={t.uploadProgress} animated />
              </Stack>
            ) : null}
          </>
        ) : null}

        {preview && step !== 'choose' && step !== 'uploading' ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label={t.rows} value={preview.total} />
              <Figure label={t.newCustomers} value={preview.toCreate} />
              <Figure label={t.merged} value={preview.toMerge + preview.duplicatesInFile} />
              <Figure label={t.rowsWithErrors} value={preview.invalid} />
            </SimpleGrid>
            {preview.errors.length > 0 ? (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t.skipped}
                </Text>
                <PreviewTable
                  label={t.rowsWithErrors}
                  columns={columns.errors}
                  rows={preview.errors}
                  striped
                />
              </Stack>
            ) : null}
            {preview.sample.length > 0 ? (
              <PreviewTable label={t.firstRows} columns={columns.sample} rows={preview.sample} />
            ) : null}
            {step === 'importing' || step === 'done' ? (
              <Stack gap={4}>
                <Text size="sm">
                  {step === 'done'
                    ? progress?.message
                    : fill(t.importing, {
                        done: formatNumber(progress?.processed ?? 0),
                        total: formatNumber(preview.toCreate + preview.toMerge),
                      })}
                </Text>
                <Progress
                  value={step === 'done' ? 100 : Math.round(storedShare * 100)}
                  aria-label={t.importProgress}
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
            <Button onClick={close}>{t.done}</Button>
          ) : (
            <>
              <Button
                variant="default"
                onClick={close}
                disabled={step === 'uploading' || step === 'importing'}
              >
                {t.cancel}
              </Button>
              {step === 'choose' || step === 'uploading' ? (
                <Button onClick={() => void upload()} loading={step === 'uploading'}>
                  {t.check}
                </Button>
              ) : (
                <Button
                  onClick={() => void runImport()}
                  loading={step === 'importing'}
                  disabled={!preview || preview.toCreate + preview.toMerge === 0}
                >
                  {count(t.importCount, preview ? preview.toCreate + preview.toMerge : 0)}
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
