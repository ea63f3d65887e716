import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from './use-owner.ts';

export interface TLoadErrorProps {
  /** The spec's headline, e.g. 'Failed to load stats'. */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load: the spec's headline, 'Error: {message}' and a Retry button. */
export function LoadError({ title, error, onRetry, retrying = false }: TLoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">Error: {errorMessage(error)}</Text>
      <Group mt="sm">
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
