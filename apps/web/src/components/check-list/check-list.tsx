import { List, type MantineSpacing, ThemeIcon } from '@mantine/core';
import { CHECK_PATH, LineIcon } from '../line-icon/line-icon.tsx';

/**
 * What a plan includes, one green tick a line (the landing page's pricing and the registration's
 * plan picker). It grows to fill its card, so the cards' buttons line up.
 */
export function CheckList({
  items,
  spacing,
  iconSize,
}: {
  items: readonly string[];
  spacing: MantineSpacing;
  /** The tick's size in px, inside its 20 px circle. */
  iconSize: number;
}) {
  return (
    <List
      spacing={spacing}
      size="sm"
      center
      style={{ flex: 1 }}
      icon={
        <ThemeIcon size={20} radius="xl" color="green" variant="light">
          <LineIcon path={CHECK_PATH} size={iconSize} strokeWidth={3} />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
