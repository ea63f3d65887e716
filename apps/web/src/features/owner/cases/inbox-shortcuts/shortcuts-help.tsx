import { Button, Kbd, Popover, Table } from '@mantine/core';
import { INBOX_SHORTCUTS } from './use-inbox-shortcuts.ts';

export const SHORTCUTS_TEXT = { button: 'Keyboard shortcuts', title: 'Keyboard shortcuts' } as const;

/** A small popover listing the inbox's shortcuts; `?` opens it too. */
export function ShortcutsHelp({
  opened,
  onChange,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus={false}
    >
      <Popover.Target>
        <Button variant="subtle" size="xs" onClick={() => onChange(!opened)} aria-expanded={opened}>
          {SHORTCUTS_TEXT.button}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Table withRowBorders={false} verticalSpacing={4} aria-label={SHORTCUTS_TEXT.title}>
          <Table.Tbody>
            {INBOX_SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.key}>
                <Table.Td>
                  <Kbd>{shortcut.key}</Kbd>
                </Table.Td>
                <Table.Td>{shortcut.label}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
