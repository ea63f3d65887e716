import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TAccountExportStatus } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { getToken } from '../../../../lib/auth.ts';
import { downloadFile } from '../../../../lib/download.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { LoadError } from '../../shared/load-error.tsx';

export const EXPORT_TEXT = {
  title: 'Export your data',
  description:
    'Everything your account holds (reviews with replies, cases, contacts with their consent, requests, Google reviews, placements, settings, team, audit trail, invoices) as a ZIP of CSV files and one JSON document. It is prepared in the background; we email the owners when it is ready, and it is kept for 7 days.',
  start: 'Export your data',
  running: (progress: number) => `Preparing your export... ${progress}%`,
  ready: 'Your export is ready.',
  keptUntil: (date: string) => `Kept until ${date}.`,
  download: 'Download ZIP',
  failed: 'The export could not be prepared. Please start it again.',
  downloadFailed: 'Could not download the export.',
  startFailed: 'Could not start the export.',
  loadFailed: 'Failed to load your exports',
} as const;

/** While an export is being prepared, its progress is asked for this often. */
const POLL_MS = 2000;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** Settings > Export your data (the account's owners only): start an export, its progress, the download. */
export function ExportSection() {
  const trpc = useTrpc();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  // Only the account's owners export and download (the server refuses the others).
  if (account.data?.role !== 'owner') return null;
  return <ExportCard />;
}

function ExportCard() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const exports = useQuery(
    trpc.owner.accountExports.list.queryOptions(undefined, {
      refetchInterval: (query) => (query.state.data?.exports[0]?.status === 'running' ? POLL_MS : false),
    }),
  );
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.owner.accountExports.list.queryKey() });
  const start = useMutation(
    trpc.owner.accountExports.start.mutationOptions({
      onSuccess: refresh,
      onError: (error) =>
        notify.error(`${EXPORT_TEXT.startFailed} ${anyMessage(error, 'Please try again.')}`),
    }),
  );
  const latest = exports.data?.exports[0];
  const running = latest?.status === 'running';

  // id="export": the ready email links Settings at #export.
  return (
    <Box id="export">
      <SectionCard titleId="export-title" title={EXPORT_TEXT.title} description={EXPORT_TEXT.description}>
        {exports.isError ? (
          <LoadError title={EXPORT_TEXT.loadFailed} query={exports} />
        ) : (
          <Stack gap="sm">
            {latest ? <LatestExport latest={latest} /> : null}
            <Group>
              <Button
                variant={latest?.status === 'ready' ? 'default' : 'filled'}
                loading={start.isPending}
                disabled={running || exports.isPending}
                onClick={() => start.mutate()}
              >
                {EXPORT_TEXT.start}
              </Button>
            </Group>
          </Stack>
        )}
      </SectionCard>
    </Box>
  );
}

function LatestExport({ latest }: { latest: TAccountExportStatus }) {
  const [downloading, setDownloading] = useState(false);
  if (latest.status === 'running') {
    return (
      <Stack gap={4}>
        <Text size="sm" role="status" aria-live="polite">
          {EXPORT_TEXT.running(latest.progress)}
        </Text>
        <Progress value={latest.progress} aria-label={EXPORT_TEXT.title} animated />
      </Stack>
    );
  }
  if (latest.status === 'failed') {
    return (
      <Alert color="red" variant="light">
        {EXPORT_TEXT.failed}
      </Alert>
    );
  }
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(latest.downloadUrl ?? '', getToken('owner') ?? null, 'starloop-export.zip');
    } catch (error) {
      notify.error(`${EXPORT_TEXT.downloadFailed} ${anyMessage(error, 'Please try again.')}`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" role="status">
        {EXPORT_TEXT.ready} {latest.expiresAt ? EXPORT_TEXT.keptUntil(formatDate(latest.expiresAt)) : ''}
      </Text>
      <Button onClick={download} loading={downloading}>
        {EXPORT_TEXT.download}
      </Button>
    </Group>
  );
}
