import { Alert, Button, Group, Text } from '@mantine/core';
import { anyMessage } from '../../../lib/api-errors.ts';

export interface TLoadErrorProps {
  /** The spec's headline, e.g. 'Failed to load stats'. */
  title: string;
  /** The failed query: its error is shown, Retry fetches it again. */
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}

/** A failed load: the spec's headline, 'Error: {message}' and a Retry button. */
export function LoadError({ title, query }: TLoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">Error: {anyMessage(query.error)}</Text>
      <Group mt="sm">
        <Button
          size="xs"
          variant="white"
          color="red"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
