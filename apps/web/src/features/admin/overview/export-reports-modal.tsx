import { Button, Divider, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  REPORT_TITLES,
  REPORT_TYPES,
  type TReportFormat,
  type TReportType,
  ZReportDownload,
  ZReportExport,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ModalActions, type TDialogProps } from '../../../components/busy-modal/busy-modal.tsx';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { serverMessage } from '../../../lib/api-errors.ts';
import { getToken } from '../../../lib/auth.ts';
import { downloadFile } from '../../../lib/download.ts';
import { checkForm, submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** Texts of spec section 8, Export (and ours for the direct download). */
export const EXPORT_TEXTS = {
  failed: 'Failed to export report. Please try again.',
  sent: (type: string, email: string) => `${type} report sent to ${email}`,
  downloadFailed: 'Failed to download report. Please try again.',
  downloaded: (type: TReportType) => `${REPORT_TITLES[type]} report downloaded`,
} as const;

/** GET /api/reports/download with the admin token: the file is fetched, then saved from a blob URL. */
export function downloadReport(type: TReportType, format: TReportFormat): Promise<string> {
  return downloadFile(
    `/api/reports/download?type=${encodeURIComponent(type)}&format=${format}`,
    getToken('admin') ?? null,
    `${type}-report.${format}`,
  );
}

/** The modal's fields as typed: no report type chosen yet is ''. */
interface TExportValues {
  type: TReportType | '';
  email: string;
}
const EMPTY_EXPORT: TExportValues = { type: '', email: '' };
/** Downloading needs only the type (the format is the button's): ZReportDownload's message. */
const ZDownloadType = ZReportDownload.pick({ type: true });

/**
 * The 'Export Reports' modal: email a report, or download it now as CSV or XLSX. One banner says
 * what is wrong (spec section 5 gives one message for both fields): the first field's message of
 * the form, or the server's.
 */
export function ExportReportsModal({ opened, onClose }: TDialogProps) {
  const trpc = useTrpc();
  const form = useForm(ZReportExport, EMPTY_EXPORT);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<TReportFormat | null>(null);
  const exportReport = useMutation(trpc.admin.reports.export.mutationOptions());
  const busy = exportReport.isPending || downloading !== null;
  const problem = serverProblem ?? Object.values(form.errors).find(Boolean) ?? null;

  const close = () => {
    if (busy) return;
    setServerProblem(null);
    form.setErrors({});
    onClose();
  };

  const send = () => {
    setServerProblem(null);
    const input = form.submit();
    if (!input) return;
    exportReport.mutate(input, {
      onSuccess: (result) => {
        notify.success(result?.message || EXPORT_TEXTS.sent(input.type, input.email));
        form.reset(EMPTY_EXPORT);
        onClose();
      },
      onError: (error) => {
        notify.error(EXPORT_TEXTS.failed);
        setServerProblem(serverMessage(error) ?? null);
      },
    });
  };

  const download = async (format: TReportFormat) => {
    setServerProblem(null);
    const checked = checkForm(ZDownloadType, form.values);
    form.setErrors(checked.errors);
    if (!checked.data) return;
    const { type } = checked.data;
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
      <form noValidate onSubmit={submitHandler(send, busy)}>
        <Stack gap="sm">
          <NativeSelect
            label="Report type"
            value={form.values.type}
            onChange={(event) => form.setField('type', event.currentTarget.value as TReportType | '')}
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
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
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
