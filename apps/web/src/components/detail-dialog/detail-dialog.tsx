import { Box, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSticky } from '../../lib/use-sticky.ts';
import type { TDialogProps } from '../busy-modal/busy-modal.tsx';

export interface TDetailField {
  label: string;
  value: ReactNode;
  /** Takes the whole row (long texts). */
  wide?: boolean;
}

export interface TDetailDialogProps extends TDialogProps {
  title: string;
  fields: readonly TDetailField[];
  /** Extra content under the fields (e.g. a reply or a summary). */
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const EMPTY = '-';

/** A read-only dialog of label / value pairs (ui-guide: DetailDialog). */
export function DetailDialog({ opened, onClose, title, fields, children, size = 'lg' }: TDetailDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
          {fields.map((field) => (
            <Box key={field.label} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
              <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
                {field.label}
              </Text>
              <Text
                component="dd"
                size="sm"
                m={0}
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {field.value === null || field.value === undefined || field.value === ''
                  ? EMPTY
                  : field.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface TRecordDetailDialogProps<R>
  extends Omit<TDetailDialogProps, 'opened' | 'fields' | 'children'> {
  /** The record to show; null closes the dialog. */
  record: R | null;
  fields: (record: R) => readonly TDetailField[];
  children?: (record: R) => ReactNode;
}

/** A DetailDialog of one record that keeps showing it while it animates closed. */
export function RecordDetailDialog<R>({ record, fields, children, ...props }: TRecordDetailDialogProps<R>) {
  const shown = useSticky(record);
  return (
    <DetailDialog opened={record !== null} fields={shown ? fields(shown) : []} {...props}>
      {shown && children ? children(shown) : null}
    </DetailDialog>
  );
}
