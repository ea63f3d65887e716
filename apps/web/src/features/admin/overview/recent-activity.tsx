import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TAdminActivityResponse } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDateTime, titleCase } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

const ACTIVITY_LIMIT = 10;
const TYPE_COLORS: Record<string, string> = {
  user: 'brand',
  payment: 'green',
  review: 'yellow',
  lead: 'grape',
};

/** The latest events of the activity log (decisions.md: append-only). */
export function RecentActivity() {
  const trpc = useTrpc();
  const query = useQuery(trpc.admin.overview.activity.queryOptions({ page: 1, limit: ACTIVITY_LIMIT }));
  const activities: TAdminActivityResponse['activities'] = query.data?.activities ?? [];

  return (
    <SectionCard titleId="recent-activity-title" title="Recent Activity">
      {query.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={36} radius="sm" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Group gap="sm">
          <Text size="sm" c="red.8">
            Could not load recent activity.
          </Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      ) : activities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No activity yet.
        </Text>
      ) : (
        <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
          {activities.map((activity, index) => (
            <Group
              component="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: activity rows carry no id
              key={`${activity.createdAt}-${index}`}
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                <Badge variant="light" color={TYPE_COLORS[activity.type] ?? 'gray'} style={{ flexShrink: 0 }}>
                  {titleCase(activity.type)}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {activity.message}
                  </Text>
                  {activity.code ? (
                    <Text size="xs" c="dimmed">
                      {activity.code}
                    </Text>
                  ) : null}
                </div>
              </Group>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(activity.createdAt)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
