import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BUSINESS_CODE_PATTERN, PUBLIC_TEXTS } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTrpc } from '../../lib/use-trpc.ts';

/** How long the field waits after the last keystroke before asking the server. */
export const CODE_CHECK_DEBOUNCE_MS = 400;

/** What the code field keeps: lower case, spaces as hyphens, only a-z, 0-9 and '-'. */
export function normaliseCode(value: string): string {
  return value
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 32);
}

/** A code suggestion from the business name: "Chai Point, Pune" -> "chai-point-pune". */
export function codeFromName(name: string): string {
  return normaliseCode(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  ).replace(/-+$/, '');
}

export type TCodeAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

interface TBusinessCodeFieldProps {
  id?: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  /** A validation error of the form (required, pattern); wins over the availability answer. */
  error?: string | undefined;
  disabled?: boolean;
  /** Tells the form whether the current code is free (it blocks submitting a taken code). */
  onAvailability?: (state: TCodeAvailability, message?: string) => void;
}

/**
 * The business code (the /review/{code} slug): checked for availability as the user types
 * (debounced), with the review page address it will give.
 */
export function BusinessCodeField({
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  onAvailability,
}: TBusinessCodeFieldProps) {
  const trpc = useTrpc();
  const [debounced] = useDebouncedValue(value, CODE_CHECK_DEBOUNCE_MS);
  const valid = BUSINESS_CODE_PATTERN.test(debounced);
  const check = useQuery(
    trpc.public.businessCode.check.queryOptions(
      { code: debounced },
      { enabled: valid, staleTime: 30_000, retry: false },
    ),
  );

  const settled = debounced === value;
  let state: TCodeAvailability = 'idle';
  let message: string | undefined;
  if (BUSINESS_CODE_PATTERN.test(value)) {
    if (!settled || check.isFetching) state = 'checking';
    else if (check.data) {
      state = check.data.available ? 'available' : 'taken';
      message =
        check.data.message || (check.data.available ? PUBLIC_TEXTS.codeAvailable : PUBLIC_TEXTS.codeTaken);
    } else if (check.isError) state = 'unknown';
  }

  useEffect(() => {
    onAvailability?.(state, message);
  }, [state, message, onAvailability]);

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const description =
    state === 'checking'
      ? 'Checking availability...'
      : state === 'available'
        ? message
        : `Your review page: ${origin}/review/${value || 'your-code'}`;

  return (
    <TextInput
      id={id}
      label="Business code"
      placeholder="e.g. chai-point-pune"
      value={value}
      onChange={(event) => onChange(normaliseCode(event.currentTarget.value))}
      onBlur={onBlur}
      error={error ?? (state === 'taken' ? message : undefined)}
      description={description}
      descriptionProps={{ c: state === 'available' ? 'green.8' : undefined, 'aria-live': 'polite' }}
      rightSection={state === 'checking' ? <Loader size="xs" /> : null}
      disabled={disabled}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      withAsterisk
    />
  );
}
