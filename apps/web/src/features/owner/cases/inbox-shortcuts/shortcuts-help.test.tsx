import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { SHORTCUTS_TEXT, ShortcutsHelp } from './shortcuts-help.tsx';
import { INBOX_SHORTCUTS } from './use-inbox-shortcuts.ts';

describe('ShortcutsHelp', () => {
  it('lists every shortcut with its words, in the order the keys are listed', () => {
    renderWithMantine(<ShortcutsHelp opened onChange={() => {}} />);
    const rows = within(screen.getByRole('table', { name: SHORTCUTS_TEXT.title })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(INBOX_SHORTCUTS.map((s) => `${s.key}${s.label}`));
  });
});
