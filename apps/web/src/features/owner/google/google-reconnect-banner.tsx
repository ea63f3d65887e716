import { Alert, Group, Text } from '@mantine/core';
import { GOOGLE_TEXTS } from '@starloop/contract';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useGoogleStatus } from './use-google-status.ts';

/** On the dashboard when Google access was lost: reconnect from Settings. */
export function GoogleReconnectBanner() {
  const status = useGoogleStatus();
  if (status.data?.status !== 'revoked') return null;
  return (
    <Alert color="red" variant="light" title="Google reviews paused" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{GOOGLE_TEXTS.revoked}</Text>
        <ButtonLink to="/dashboard/settings" size="xs" color="red">
          Reconnect
        </ButtonLink>
      </Group>
    </Alert>
  );
}
