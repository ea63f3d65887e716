import { Badge, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TAdminUserGoogle } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

const STATUS: Record<TAdminUserGoogle['status'], { label: string; color: string }> = {
  not_connected: { label: 'Not connected', color: 'gray' },
  choose_location: { label: 'Choosing a location', color: 'blue' },
  active: { label: 'Connected', color: 'green' },
  revoked: { label: 'Access lost', color: 'red' },
};

/** The owner's Google Business Profile in the user details: connection, last sync and error. */
export function UserGoogleDetails({ ownerId }: { ownerId: number }) {
  const trpc = useTrpc();
  const google = useQuery(trpc.admin.users.google.queryOptions({ id: ownerId }, { retry: false }));
  if (google.isError) return null;
  return (
    <Stack gap={6} data-testid="user-google">
      <Divider label="Google Business Profile" labelPosition="left" />
      {google.isPending ? (
        <Skeleton height={36} />
      ) : google.data === null ? (
        <Text size="sm" c="dimmed">
          Not connected
        </Text>
      ) : (
        <>
          <Group gap="xs">
            <Badge color={STATUS[google.data.status].color} variant="light">
              {STATUS[google.data.status].label}
            </Badge>
            <Text size="sm">{google.data.locationTitle ?? 'No location chosen yet'}</Text>
            <Text size="sm" c="dimmed">
              {formatNumber(google.data.reviewCount)} Google reviews
            </Text>
          </Group>
          <Text size="sm">
            Last sync: {google.data.lastSyncedAt ? formatDateTime(google.data.lastSyncedAt) : 'never'}
          </Text>
          {google.data.lastError ? (
            <Text size="sm" c="red.8">
              Last error: {google.data.lastError}
              {google.data.lastErrorAt ? ` (${formatDateTime(google.data.lastErrorAt)})` : ''}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
