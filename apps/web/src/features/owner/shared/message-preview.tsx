import { Text, type TextProps } from '@mantine/core';
import { truncate } from '../../../lib/format.ts';

export interface TMessagePreviewProps extends TextProps {
  /** The customer's message; empty or null shows `empty` instead. */
  message: string | null | undefined;
  /** "No message", in the person's language. */
  empty: string;
  /** Characters kept before the ellipsis. */
  max: number;
  /** Lines shown before the rest is clipped. */
  lines: number;
  className?: string;
}

/** A customer's message cut to fit a row or card, or a dimmed "No message" (lists, cards, tables). */
export function MessagePreview({ message, empty, max, lines, ...rest }: TMessagePreviewProps) {
  return message ? (
    <Text size="sm" lineClamp={lines} {...rest}>
      {truncate(message, max)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" fs="italic" {...rest}>
      {empty}
    </Text>
  );
}
