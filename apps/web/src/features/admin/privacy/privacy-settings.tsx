import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { getToken } from '../../../lib/auth.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { useAdminMe } from '../shared/use-admin-me.ts';

export const PRIVACY_TEXT = {
  officerTitle: 'Grievance officer',
  officerDescription:
    'The person the privacy page names for complaints about personal data (DPDP Act 2023). Only a super admin changes it.',
  name: 'Name',
  email: 'Email',
  phone: 'Phone (optional)',
  save: 'Save grievance officer',
  saving: 'Saving...',
  saveFailed: 'The grievance officer could not be saved.',
  auditTitle: 'Export the audit log',
  auditDescription:
    'Every audited change between two days (IST), as CSV, at most a year: for a breach investigation or a request from the Data Protection Board. The export is audited too.',
  from: 'From',
  to: 'To (inclusive)',
  download: 'Download CSV',
  downloading: 'Downloading...',
  downloadFailed: 'The audit log could not be exported.',
} as const;

/** An IST day's first instant, ISO. */
const istStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+05:30`)).toISOString();
const nextIstStart = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00+05:30`) + 86_400_000).toISOString();

/** The admin's privacy tools (issue 35, item 5): the grievance officer and the audit log export. */
export function PrivacySettings() {
  const { isSuperAdmin } = useAdminMe();
  return (
    <>
      <GrievanceOfficerCard editable={isSuperAdmin} />
      {isSuperAdmin ? <AuditExportCard /> : null}
    </>
  );
}

function GrievanceOfficerCard({ editable }: { editable: boolean }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const officer = useQuery(trpc.admin.privacy.grievanceOfficer.queryOptions());
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  useEffect(() => {
    if (officer.data) {
      setValues({
        name: officer.data.name ?? '',
        email: officer.data.email ?? '',
        phone: officer.data.phone ?? '',
      });
    }
  }, [officer.data]);
  const save = useMutation(
    trpc.admin.privacy.updateGrievanceOfficer.mutationOptions({
      onSuccess: (saved) => {
        notify.success(saved.message);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.privacy.grievanceOfficer.queryKey() });
      },
    }),
  );
  const field = (key: keyof typeof values, label: string) => (
    <TextInput
      label={label}
      value={values[key]}
      readOnly={!editable}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [key]: value }));
      }}
    />
  );
  return (
    <SectionCard
      titleId="grievance-officer-title"
      title={PRIVACY_TEXT.officerTitle}
      description={PRIVACY_TEXT.officerDescription}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ name: values.name, email: values.email, phone: values.phone || null });
        }}
      >
        <Stack gap="sm">
          {field('name', PRIVACY_TEXT.name)}
          {field('email', PRIVACY_TEXT.email)}
          {field('phone', PRIVACY_TEXT.phone)}
          <ErrorBanner message={save.error ? anyMessage(save.error, PRIVACY_TEXT.saveFailed) : null} />
          {editable ? (
            <Group>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? PRIVACY_TEXT.saving : PRIVACY_TEXT.save}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}

function AuditExportCard() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const query = `from=${encodeURIComponent(istStart(from))}&to=${encodeURIComponent(nextIstStart(to))}`;
      await downloadFile(
        `/api/admin/audit-log/export?${query}`,
        getToken('admin') ?? null,
        `audit-log-${from}-${to}.csv`,
      );
    } catch (thrown) {
      setError(thrown instanceof Error && thrown.message ? thrown.message : PRIVACY_TEXT.downloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard
      titleId="audit-export-title"
      title={PRIVACY_TEXT.auditTitle}
      description={PRIVACY_TEXT.auditDescription}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={PRIVACY_TEXT.from}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={PRIVACY_TEXT.to}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button onClick={() => void download()} disabled={busy || !from || !to}>
          {busy ? PRIVACY_TEXT.downloading : PRIVACY_TEXT.download}
        </Button>
      </Group>
      <ErrorBanner message={error} />
      <Text size="xs" c="dimmed">
        CSV columns: id, at, actor_kind, actor_id, actor_name, action, target_table, target_id, ip, details.
      </Text>
    </SectionCard>
  );
}
