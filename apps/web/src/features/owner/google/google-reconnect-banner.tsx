import { Alert, Group, Text } from '@mantine/core';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useGoogleStatus } from './use-google-status.ts';

/** On the dashboard when Google access was lost: reconnect from Settings. */
export function GoogleReconnectBanner() {
  const t = useFirstViewMessages().banners.google;
  const status = useGoogleStatus();
  if (status.data?.status !== 'revoked') return null;
  return (
    <Alert color="red" variant="light" title={t.title} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t.revoked}</Text>
        <ButtonLink to="/dashboard/settings" size="xs" color="red">
          {t.reconnect}
        </ButtonLink>
      </Group>
    </Alert>
  );
}
