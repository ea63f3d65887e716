import { Button, Divider, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  ADMIN_OPS_TEXTS,
  REPORT_TITLES,
  REPORT_TYPES,
  type TReportFormat,
  type TReportType,
  ZReportExport,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ModalActions, type TDialogProps } from '../../../components/busy-modal/busy-modal.tsx';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { restError, serverMessage } from '../../../lib/api-errors.ts';
import { getToken } from '../../../lib/auth.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** Texts of spec section 8, Export (and ours for the direct download). */
export const EXPORT_TEXTS = {
  failed: 'Failed to export report. Please try again.',
  sent: (type: string, email: string) => `${type} report sent to ${email}`,
  downloadFailed: 'Failed to download report. Please try again.',
  downloaded: (type: TReportType) => `${REPORT_TITLES[type]} report downloaded`,
} as const;

/** GET /api/reports/download with the admin token: the file is fetched, then saved from a blob URL. */
export async function downloadReport(type: TReportType, format: TReportFormat): Promise<string> {
  const token = getToken('admin');
  const response = await fetch(`/api/reports/download?type=${encodeURIComponent(type)}&format=${format}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await restError(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? `${type}-report.${format}`;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return filename;
}

/** The 'Export Reports' modal: email a report, or download it now as CSV or XLSX. */
export function ExportReportsModal({ opened, onClose }: TDialogProps) {
  const trpc = useTrpc();
  const [type, setType] = useState<TReportType | ''>('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<TReportFormat | null>(null);
  const exportReport = useMutation(trpc.admin.reports.export.mutationOptions());
  const busy = exportReport.isPending || downloading !== null;

  const close = () => {
    if (busy) return;
    setProblem(null);
    onClose();
  };

  const send = () => {
    setProblem(null);
    const parsed = ZReportExport.safeParse({ type: type || undefined, email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    exportReport.mutate(parsed.data, {
      onSuccess: (result) => {
        notify.success(result?.message || EXPORT_TEXTS.sent(parsed.data.type, parsed.data.email));
        setType('');
        setEmail('');
        onClose();
      },
      onError: (error) => {
        notify.error(EXPORT_TEXTS.failed);
        setProblem(serverMessage(error) ?? null);
      },
    });
  };

  const download = async (format: TReportFormat) => {
    setProblem(null);
    if (!type) {
      setProblem(ADMIN_OPS_TEXTS.reportTypeRequired);
      return;
    }
    setDownloading(format);
    try {
      await downloadReport(type, format);
      notify.success(EXPORT_TEXTS.downloaded(type));
    } catch {
      notify.error(EXPORT_TEXTS.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Export Reports" centered closeOnEscape={!busy}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label="Report type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value as TReportType | '')}
            disabled={busy}
            data={[
              { value: '', label: 'Select report type' },
              ...REPORT_TYPES.map((value) => ({ value, label: REPORT_TITLES[value] })),
            ]}
            data-autofocus
          />
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            description="The report (CSV and XLSX) is emailed to this address."
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            disabled={busy}
          />
          <ErrorBanner message={problem} />
          <ModalActions
            busy={busy}
            onCancel={close}
            label={exportReport.isPending ? 'Sending...' : 'Send Report'}
          />
          <Divider label="or download now" labelPosition="center" />
          <Text size="xs" c="dimmed">
            The complete report of the chosen type, straight to this computer.
          </Text>
          <Group grow gap="sm">
            <Button variant="light" onClick={() => void download('csv')} disabled={busy}>
              {downloading === 'csv' ? 'Downloading...' : 'Download CSV'}
            </Button>
            <Button variant="light" onClick={() => void download('xlsx')} disabled={busy}>
              {downloading === 'xlsx' ? 'Downloading...' : 'Download XLSX'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
