import {
  Box,
  Group,
  type GroupProps,
  type MantineSpacing,
  Paper,
  type PaperProps,
  Text,
  Title,
  type TitleOrder,
  type TitleSize,
} from '@mantine/core';
import type { ReactNode, Ref } from 'react';

export interface TSectionCardProps extends Omit<PaperProps, 'children'> {
  /** The heading's id: the section is named by its heading. */
  titleId: string;
  title: ReactNode;
  /** The heading's level. Default 2. */
  order?: TitleOrder;
  /** How big the heading looks. Default 'h4'. */
  titleSize?: TitleSize;
  /** A dimmed line under the heading. */
  description?: ReactNode;
  /** Right of the heading (a status badge, a 'Saved' note, a button, a filter). */
  aside?: ReactNode;
  /** The row of the heading and `aside` (alignment, wrapping, gap). */
  headerProps?: Omit<GroupProps, 'children'>;
  /** Space between the heading and the content. Default 'sm'. */
  gap?: MantineSpacing;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}

/**
 * A bordered card that is a section of its screen, named by its heading (an owner's settings
 * section, a detail screen's part): the heading, optionally a dimmed line under it and something
 * at its right, then the content.
 */
export function SectionCard({
  titleId,
  title,
  order = 2,
  titleSize = 'h4',
  description,
  aside,
  headerProps,
  gap = 'sm',
  ref,
  children,
  ...paper
}: TSectionCardProps) {
  const alone = aside === undefined && description === undefined;
  const heading = (
    <Title order={order} size={titleSize} id={titleId} {...(alone ? { mb: gap } : {})}>
      {title}
    </Title>
  );
  const described =
    description === undefined ? null : (
      <>
        {heading}
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </>
    );
  let header = heading;
  if (aside !== undefined) {
    header = (
      <Group justify="space-between" mb={gap} {...headerProps}>
        {described ? <div>{described}</div> : heading}
        {aside}
      </Group>
    );
  } else if (described) {
    header = <Box mb={gap}>{described}</Box>;
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} ref={ref} {...paper}>
      {header}
      {children}
    </Paper>
  );
}
