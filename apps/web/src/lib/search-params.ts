import { type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';

/*
 * Typed, validated URL search params without zod. Route options (validateSearch, search
 * middlewares, loaders) are not code-split: they land in the entry chunk that the customer review
 * page loads too, and zod there measured +24 KiB gzip (zod/mini +16 KiB). Each field reads an
 * untrusted value and falls back to its default, so a hand-edited URL never breaks a screen.
 */

/** Reads one raw search value (already JSON-parsed by the router) into a valid value or the default. */
export interface TSearchField<T> {
  parse: (raw: unknown) => T;
  fallback: T;
}

export type TSearchShape = Record<string, TSearchField<unknown>>;
export type TSearchOf<S extends TSearchShape> = { [K in keyof S]: S[K]['fallback'] };

/** A whole number from `min` up; anything else is the default. */
export function intField(fallback: number, min = 1): TSearchField<number> {
  return {
    fallback,
    parse: (raw) => {
      const value = typeof raw === 'string' && raw.trim() ? Number(raw) : raw;
      return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : fallback;
    },
  };
}

/** A whole number from `min` to `max`, else undefined (not chosen): an id or a rating in the URL. */
export function optionalIntField(min = 1, max = Number.MAX_SAFE_INTEGER): TSearchField<number | undefined> {
  return {
    fallback: undefined,
    parse: (raw) => {
      const value = typeof raw === 'string' && raw.trim() ? Number(raw) : raw;
      return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
        ? value
        : undefined;
    },
  };
}

/** A switch that is on (`?overdue=true`) or absent: anything else is off (undefined). */
export function flagField(): TSearchField<true | undefined> {
  return { fallback: undefined, parse: (raw) => (raw === true || raw === 'true' ? true : undefined) };
}

/** Free text as typed (not trimmed: the search box's own text must survive a round trip). */
export function textField(max = 200): TSearchField<string> {
  return {
    fallback: '',
    parse: (raw) => {
      // `?search=123` arrives as a number: the router JSON-parses every value.
      if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      return typeof raw === 'string' ? raw.slice(0, max) : '';
    },
  };
}

/** A calendar day as `YYYY-MM-DD` (a date input's value), else '' (not chosen). */
export function dayField(): TSearchField<string> {
  return {
    fallback: '',
    parse: (raw) => (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : ''),
  };
}

/** One of `values`, else `fallback` (undefined: "not chosen"). */
export function choiceField<const T extends string>(values: readonly T[]): TSearchField<T | undefined>;
export function choiceField<const T extends string>(values: readonly T[], fallback: T): TSearchField<T>;
export function choiceField<const T extends string>(values: readonly T[], fallback?: T) {
  return {
    fallback,
    parse: (raw: unknown) => (values.includes(raw as T) ? (raw as T) : fallback),
  };
}

export interface TSearchSchema<S extends TSearchShape> {
  /** The values when the URL says nothing. */
  defaults: TSearchOf<S>;
  /** `validateSearch`: every key is optional in links and navigate(), always present when read. */
  validate: (input: Partial<TSearchOf<S>> & SearchSchemaInput) => TSearchOf<S>;
  /** Search middleware that keeps default values out of the URL (`?page=1` is just the path). */
  strip: ReturnType<typeof stripSearchParams<TSearchOf<S>>>;
}

export function searchSchema<S extends TSearchShape>(shape: S): TSearchSchema<S> {
  const keys = Object.keys(shape) as (keyof S & string)[];
  const defaults = Object.fromEntries(keys.map((key) => [key, shape[key]?.fallback])) as TSearchOf<S>;
  const validate = (input: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, shape[key]?.parse(input[key])])) as TSearchOf<S>;
  // stripSearchParams compares with `defaults`; undefined values are dropped by the router anyway.
  const strippable = Object.fromEntries(
    Object.entries(defaults).filter(([, value]) => value !== undefined),
  ) as Partial<TSearchOf<S>>;
  return { defaults, validate, strip: stripSearchParams<TSearchOf<S>>(strippable) };
}
