import { useRef } from 'react';

/**
 * The last non-null value: a dialog keeps showing its record while it animates closed (when the
 * screen has already set the selection back to null).
 */
export function useSticky<T>(value: T | null): T | null {
  const last = useRef<T | null>(value);
  if (value !== null) last.current = value;
  return last.current;
}
