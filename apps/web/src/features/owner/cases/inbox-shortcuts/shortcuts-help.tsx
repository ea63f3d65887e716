import { Button, Kbd, Popover, Table } from '@mantine/core';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { INBOX_SHORTCUTS } from './use-inbox-shortcuts.ts';

/** The English texts (the catalog's; tests read them). */
export const SHORTCUTS_TEXT = en.inboxTools.shortcuts;

/** A small popover listing the inbox's shortcuts; `?` opens it too. */
export function ShortcutsHelp({
  opened,
  onChange,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const t = useOwnerMessages().inboxTools.shortcuts;
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
          {t.button}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Table withRowBorders={false} verticalSpacing={4} aria-label={t.title}>
          <Table.Tbody>
            {INBOX_SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.key}>
                <Table.Td>
                  <Kbd>{shortcut.key}</Kbd>
                </Table.Td>
                <Table.Td>{t.keys[shortcut.key]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
