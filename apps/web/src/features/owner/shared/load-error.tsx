import { Alert, Button, Group, Text } from '@mantine/core';
import { fill } from '@starloop/review-page';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';

export interface TLoadErrorProps {
  /** The spec's headline, e.g. 'Failed to load stats'. */
  title: string;
  /** The failed query: its error is shown, Retry fetches it again. */
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}

/** A failed load: the spec's headline, 'Error: {message}' and a Retry button. */
export function LoadError({ title, query }: TLoadErrorProps) {
  const t = useFirstViewMessages().banners.loadError;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{fill(t.error, { message: anyMessage(query.error) })}</Text>
      <Group mt="sm">
        <Button
          size="xs"
          variant="white"
          color="red"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          {t.retry}
        </Button>
      </Group>
    </Alert>
  );
}
