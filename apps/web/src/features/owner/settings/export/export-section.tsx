import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TAccountExportStatus } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { getToken } from '../../../../lib/auth.ts';
import { downloadFile } from '../../../../lib/download.ts';
import { en, type TOwnerMessages } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { LoadError } from '../../shared/load-error.tsx';

type TExportTexts = TOwnerMessages['dataSection']['export'];

/** The texts in one language, the counted and dated ones filled in. */
const exportTexts = (texts: TExportTexts) => ({
  ...texts,
  running: (progress: number) => fill(texts.running, { progress }),
  keptUntil: (date: string) => fill(texts.keptUntil, { date }),
});

/** The English texts (the catalog's; tests read them). */
export const EXPORT_TEXT = exportTexts(en.dataSection.export);

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
  const messages = useOwnerMessages().dataSection;
  const text = exportTexts(messages.export);
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
      onError: (error) => notify.error(`${text.startFailed} ${anyMessage(error, messages.tryAgain)}`),
    }),
  );
  const latest = exports.data?.exports[0];
  const running = latest?.status === 'running';

  // id="export": the ready email links Settings at #export.
  return (
    <Box id="export">
      <SectionCard titleId="export-title" title={text.title} description={text.description}>
        {exports.isError ? (
          <LoadError title={text.loadFailed} query={exports} />
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
                {text.start}
              </Button>
            </Group>
          </Stack>
        )}
      </SectionCard>
    </Box>
  );
}

function LatestExport({ latest }: { latest: TAccountExportStatus }) {
  const messages = useOwnerMessages().dataSection;
  const text = exportTexts(messages.export);
  const [downloading, setDownloading] = useState(false);
  if (latest.status === 'running') {
    return (
      <Stack gap={4}>
        <Text size="sm" role="status" aria-live="polite">
          {text.running(latest.progress)}
        </Text>
        <Progress value={latest.progress} aria-label={text.title} animated />
      </Stack>
    );
  }
  if (latest.status === 'failed') {
    return (
      <Alert color="red" variant="light">
        {text.failed}
      </Alert>
    );
  }
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(latest.downloadUrl ?? '', getToken('owner') ?? null, 'starloop-export.zip');
    } catch (error) {
      notify.error(`${text.downloadFailed} ${anyMessage(error, messages.tryAgain)}`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" role="status">
        {text.ready} {latest.expiresAt ? text.keptUntil(formatDate(latest.expiresAt)) : ''}
      </Text>
      <Button onClick={download} loading={downloading}>
        {text.download}
      </Button>
    </Group>
  );
}
