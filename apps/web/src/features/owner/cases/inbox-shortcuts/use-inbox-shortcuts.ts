import { useEffect, useRef } from 'react';

/** The inbox's keys and what each does (the help popover lists them in this order). */
export const INBOX_SHORTCUTS = [
  { key: 'j', label: 'Next case' },
  { key: 'k', label: 'Previous case' },
  { key: 'Enter', label: 'Open the case' },
  { key: 'a', label: 'Assign to me (the open case, the selected ones or the current one)' },
  { key: 'r', label: 'Resolve (the open case, the selected ones or the current one)' },
  { key: 'n', label: 'Write a note on the case' },
  { key: '/', label: 'Go to the filters' },
  { key: 'Esc', label: 'Close the case' },
  { key: '?', label: 'Show these shortcuts' },
] as const;

export interface TInboxShortcutHandlers {
  next: () => void;
  previous: () => void;
  open: () => void;
  assignToMe: () => void;
  resolve: () => void;
  note: () => void;
  filters: () => void;
  close: () => void;
  help: () => void;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Elements that act on Enter themselves (a focused button opens its case without us). */
const ACTS_ON_ENTER = new Set(['BUTTON', 'A']);

/** Whether a key press belongs to a field being typed in (or to a widget that reads keys itself). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (TYPING.has(target.tagName) || target.isContentEditable) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'listbox' || role === 'option';
}

/**
 * The inbox's keyboard shortcuts (desktop): j/k, Enter, a, r, n, /, Esc and ?. None fires while
 * the person types in a field, or with Ctrl, Cmd or Alt held (the browser's own shortcuts).
 */
export function useInboxShortcuts(handlers: TInboxShortcutHandlers, enabled = true) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const h = current.current;
      const act: Record<string, (() => void) | undefined> = {
        j: h.next,
        k: h.previous,
        a: h.assignToMe,
        r: h.resolve,
        n: h.note,
        '/': h.filters,
        '?': h.help,
        Escape: h.close,
        Enter:
          event.target instanceof HTMLElement && ACTS_ON_ENTER.has(event.target.tagName) ? undefined : h.open,
      };
      const run = act[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
