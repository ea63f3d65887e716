import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  INBOX_SHORTCUTS,
  isTypingTarget,
  type TInboxShortcutHandlers,
  useInboxShortcuts,
} from './use-inbox-shortcuts.ts';

function Harness({ handlers, enabled = true }: { handlers: TInboxShortcutHandlers; enabled?: boolean }) {
  useInboxShortcuts(handlers, enabled);
  return (
    <div>
      <input aria-label="field" />
      <textarea aria-label="note" />
      <button type="button">button</button>
      <div role="combobox" aria-label="picker" aria-controls="x" aria-expanded="false" tabIndex={0} />
    </div>
  );
}

const handlers = (): TInboxShortcutHandlers => ({
  next: vi.fn(),
  previous: vi.fn(),
  open: vi.fn(),
  assignToMe: vi.fn(),
  resolve: vi.fn(),
  note: vi.fn(),
  filters: vi.fn(),
  close: vi.fn(),
  help: vi.fn(),
});

describe('inbox shortcuts', () => {
  it('runs each key’s action', () => {
    const h = handlers();
    render(<Harness handlers={h} />);
    const keys: [string, keyof TInboxShortcutHandlers][] = [
      ['j', 'next'],
      ['k', 'previous'],
      ['Enter', 'open'],
      ['a', 'assignToMe'],
      ['r', 'resolve'],
      ['n', 'note'],
      ['/', 'filters'],
      ['Escape', 'close'],
      ['?', 'help'],
    ];
    for (const [key, action] of keys) {
      const event = fireEvent.keyDown(document.body, { key });
      expect(h[action], key).toHaveBeenCalledTimes(1);
      // The browser's own use of the key (quick find on /) is prevented.
      expect(event, key).toBe(false);
    }
    expect(INBOX_SHORTCUTS).toHaveLength(keys.length);
  });

  it('never fires while typing, with Ctrl, Cmd or Alt, or when switched off', () => {
    const h = handlers();
    const { unmount } = render(<Harness handlers={h} />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'field' }), { key: 'j' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'note' }), { key: 'a' });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'picker' }), { key: 'r' });
    fireEvent.keyDown(document.body, { key: 'r', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'k', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'n', altKey: true });
    // Enter on a button is the button's own.
    fireEvent.keyDown(screen.getByRole('button', { name: 'button' }), { key: 'Enter' });
    expect(Object.values(h).every((fn) => vi.mocked(fn).mock.calls.length === 0)).toBe(true);
    // j on a focused button still moves.
    fireEvent.keyDown(screen.getByRole('button', { name: 'button' }), { key: 'j' });
    expect(h.next).toHaveBeenCalledTimes(1);
    unmount();

    const off = handlers();
    render(<Harness handlers={off} enabled={false} />);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(off.next).not.toHaveBeenCalled();
  });

  it('knows a field from the rest of the page', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    expect(isTypingTarget(editable)).toBe(editable.isContentEditable);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    editable.remove();
  });
});
