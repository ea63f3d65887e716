// Indian states / union territories and their cities, generated from `country-state-city`
// by scripts/generate-geo.mjs (never edit data/ or city-loaders.ts by hand).
//
// The state list is small and bundled statically. Cities are loaded one state at a time
// through CITY_LOADERS (one dynamic import() per state), so Vite code-splits one chunk per
// state. JSON is imported with `with { type: 'json' }`, the form that works in Node 20/tsx
// (which requires the attribute for JSON), in vitest/Vite and in tsc.

import { CITY_LOADERS } from './city-loaders.ts';
import statesJson from './data/states.json' with { type: 'json' };

export type TStateType = 'state' | 'union_territory';

export type TIndianState = {
  /** Code used by country-state-city, e.g. "MH"; also the name of the city file. */
  readonly code: string;
  readonly name: string;
  readonly type: TStateType;
};

const isStateType = (t: string): t is TStateType => t === 'state' || t === 'union_territory';

export const INDIAN_STATES: readonly TIndianState[] = Object.freeze(
  statesJson.map(({ code, name, type }): TIndianState => {
    if (!isStateType(type)) throw new Error(`geo: invalid type "${type}" for ${name}`);
    return Object.freeze({ code, name, type });
  }),
);

const key = (s: string): string => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

const STATE_INDEX: ReadonlyMap<string, TIndianState> = new Map(
  INDIAN_STATES.flatMap((s) => [
    [key(s.code), s],
    [key(s.name), s],
  ]),
);

/** Finds a state or union territory by name or code, case-insensitively. */
export function findState(nameOrCode: string): TIndianState | undefined {
  return STATE_INDEX.get(key(nameOrCode));
}

/**
 * Loads the sorted city names of one state (by name or code). Each call returns a fresh
 * array. Rejects if the state is unknown.
 */
export async function loadCities(stateNameOrCode: string): Promise<string[]> {
  const state = findState(stateNameOrCode);
  const loader = state ? CITY_LOADERS[state.code] : undefined;
  if (!state || !loader) throw new Error(`geo: unknown Indian state or union territory "${stateNameOrCode}"`);
  const mod = await loader();
  return [...mod.default];
}

/**
 * Returns the canonical spelling of `city` if it is a city of `state` (both matched
 * case-insensitively, surrounding whitespace ignored), otherwise undefined.
 */
export async function findCity(state: string, city: string): Promise<string | undefined> {
  if (!findState(state)) return undefined;
  const wanted = key(city);
  if (!wanted) return undefined;
  return (await loadCities(state)).find((c) => key(c) === wanted);
}

/** Server-side validation: is `city` one of the cities of `state` (name or code)? */
export async function isCityInState(state: string, city: string): Promise<boolean> {
  return (await findCity(state, city)) !== undefined;
}
