import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { IconSearch } from './icons.tsx';

export interface TSearchBoxProps {
  /** The committed search text (after the debounce). */
  value: string;
  /** Called with the new text after `debounceMs` without typing (at once when 0). */
  onChange: (value: string) => void;
  placeholder: string;
  /** Visible label. Default 'Search'. */
  label?: string;
  debounceMs?: number;
  /** Width on wide screens; full width on phones. */
  maxWidth?: number;
  /** A plain field: no search icon, no clear button (the owner's dashboard). */
  bare?: boolean;
}

/** A search field that reports its text after a pause in typing; Escape or the clear button empties it. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label = 'Search',
  debounceMs = 0,
  maxWidth = 360,
  bare = false,
}: TSearchBoxProps) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  // Follows the value when the owner changes it from outside (e.g. a reset), not while typing.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  const send = (next: string) => {
    lastSent.current = next;
    onChange(next);
  };
  const sendLater = useDebouncedCallback(send, debounceMs);

  const update = (next: string, immediate = false) => {
    setText(next);
    if (immediate || debounceMs <= 0) {
      sendLater.cancel();
      send(next);
    } else {
      sendLater(next);
    }
  };

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => update(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text) {
          event.preventDefault();
          update('', true);
        }
        if (event.key === 'Enter') {
          event.preventDefault();
          update(text, true);
        }
      }}
      leftSection={bare ? null : <IconSearch size={16} />}
      rightSection={
        text && !bare ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => update('', true)} />
        ) : null
      }
      w="100%"
      maw={{ base: '100%', sm: maxWidth }}
      style={{ flex: '1 1 240px' }}
    />
  );
}
