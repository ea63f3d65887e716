#!/usr/bin/env node
// Generates the Indian states/UTs list and per-state city lists from `country-state-city`.
//
//   node scripts/generate-geo.mjs [outDir]      (npm run generate:geo -w @starloop/contract)
//
// outDir defaults to packages/contract/src/geo. It writes:
//   <outDir>/data/states.json           [{ code, name, type }] sorted by name
//   <outDir>/data/cities/<code>.json    sorted, de-duplicated city names (one file per state)
//   <outDir>/city-loaders.ts            code -> dynamic import() of that state's city file
//
// The output is deterministic: geo.test.ts re-runs this script into a temp dir and
// compares it byte for byte with the committed files. Never edit the outputs by hand.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { City, State } from 'country-state-city';

const COUNTRY = 'IN';
const EXPECTED_STATES = 28;
const EXPECTED_UTS = 8;

// The 8 union territories of India (since 26 Jan 2020). Used only when the package
// does not provide a `type` field (3.2.1 does not).
const UNION_TERRITORIES = new Set([
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
]);

// Reconciliation with the current (2020+) administrative map. Keyed by the package's
// isoCode. `into` merges the entry (and its cities) into another code; `name` renames.
// country-state-city@3.2.1 already matches 28 + 8, so none of these fire today; they
// guard against older/newer data sets that still carry the pre-2020 entries.
const RECONCILE = {
  // Merged into one UT on 26 Jan 2020.
  DN: { into: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu' }, // Dadra and Nagar Haveli
  DD: { into: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu' }, // Daman and Diu
  // Old spellings.
  OR: { name: 'Odisha' }, // was "Orissa"
  PY: { name: 'Puducherry' }, // was "Pondicherry"
  UT: { name: 'Uttarakhand' }, // was "Uttaranchal"
  DL: { name: 'Delhi' }, // sometimes "National Capital Territory of Delhi"
};

// Entries the package might lack entirely, or have without any city: the capital is
// added so that every state has at least one city. (None are needed with 3.2.1.)
const FALLBACK = {
  TG: { name: 'Telangana', type: 'state', capital: 'Hyderabad' }, // formed 2014, missing in old data
  LA: { name: 'Ladakh', type: 'union_territory', capital: 'Leh' }, // formed 2019, missing in old data
  DH: { name: 'Dadra and Nagar Haveli and Daman and Diu', type: 'union_territory', capital: 'Daman' },
};

// Fixed locale, with a code-unit tie-break, so the order never depends on the machine.
const collator = new Intl.Collator('en', { sensitivity: 'variant', numeric: false });
const compare = (a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const clean = (s) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

function collect() {
  /** @type {Map<string, { code: string, name: string, type: string, cities: Set<string> }>} */
  const byCode = new Map();
  for (const s of State.getStatesOfCountry(COUNTRY)) {
    const rule = RECONCILE[s.isoCode] ?? {};
    const code = rule.into ?? s.isoCode;
    const name = clean(rule.name ?? s.name);
    let entry = byCode.get(code);
    if (!entry) {
      const type =
        s.type === 'union territory' || s.type === 'union_territory' || UNION_TERRITORIES.has(name)
          ? 'union_territory'
          : 'state';
      entry = { code, name, type, cities: new Set() };
      byCode.set(code, entry);
    }
    for (const c of City.getCitiesOfState(COUNTRY, s.isoCode)) {
      const city = clean(c.name);
      if (city) entry.cities.add(city);
    }
  }
  for (const [code, fb] of Object.entries(FALLBACK)) {
    let entry = byCode.get(code);
    if (!entry) {
      entry = { code, name: fb.name, type: fb.type, cities: new Set() };
      byCode.set(code, entry);
    }
    if (entry.cities.size === 0) entry.cities.add(fb.capital);
  }
  return [...byCode.values()].sort((a, b) => compare(a.name, b.name));
}

function check(entries) {
  const states = entries.filter((e) => e.type === 'state').length;
  const uts = entries.filter((e) => e.type === 'union_territory').length;
  const problems = [];
  if (states !== EXPECTED_STATES) problems.push(`expected ${EXPECTED_STATES} states, got ${states}`);
  if (uts !== EXPECTED_UTS) problems.push(`expected ${EXPECTED_UTS} union territories, got ${uts}`);
  for (const ut of UNION_TERRITORIES) {
    if (!entries.some((e) => e.name === ut)) problems.push(`missing union territory "${ut}"`);
  }
  if (new Set(entries.map((e) => e.name.toLowerCase())).size !== entries.length)
    problems.push('duplicate names');
  for (const e of entries) {
    if (!/^[A-Z0-9]{2,3}$/.test(e.code)) problems.push(`unexpected code "${e.code}" (${e.name})`);
    if (e.cities.size === 0) problems.push(`${e.name} (${e.code}) has no cities: add it to FALLBACK`);
  }
  if (problems.length > 0) {
    throw new Error(`generate-geo: reconciliation failed:\n  - ${problems.join('\n  - ')}`);
  }
}

function loadersSource(entries) {
  const lines = entries.map(
    (e) => `  ${e.code}: () => import('./data/cities/${e.code}.json', { with: { type: 'json' } }),`,
  );
  return `// GENERATED by packages/contract/scripts/generate-geo.mjs. Do not edit by hand:
// run \`npm run generate:geo -w @starloop/contract\`.
//
// One dynamic import() per state so that Vite emits one small chunk per state and the
// browser downloads only the selected state's cities. A static map (not import.meta.glob)
// so that it also runs under plain Node/tsx. The \`with: { type: 'json' }\` import attribute
// is required by Node's ESM loader for JSON and is accepted by tsx, Vite/vitest and tsc.

export type TCityModule = { default: string[] };

export const CITY_LOADERS: Readonly<Record<string, () => Promise<TCityModule>>> = {
${lines.join('\n')}
};
`;
}

export function generate(outDir) {
  const entries = collect();
  check(entries);

  const dataDir = join(outDir, 'data');
  const citiesDir = join(dataDir, 'cities');
  mkdirSync(citiesDir, { recursive: true });

  const states = entries.map(({ code, name, type }) => ({ code, name, type }));
  writeFileSync(join(dataDir, 'states.json'), `${JSON.stringify(states, null, 2)}\n`);

  const wanted = new Set();
  let total = 0;
  for (const e of entries) {
    const file = `${e.code}.json`;
    wanted.add(file);
    const cities = [...e.cities].sort(compare);
    total += cities.length;
    writeFileSync(join(citiesDir, file), `${JSON.stringify(cities)}\n`);
  }
  // Remove city files of entries that no longer exist, so the output is exactly the input.
  for (const file of readdirSync(citiesDir)) {
    if (file.endsWith('.json') && !wanted.has(file)) rmSync(join(citiesDir, file));
  }

  writeFileSync(join(outDir, 'city-loaders.ts'), loadersSource(entries));

  const uts = entries.filter((e) => e.type === 'union_territory').length;
  return { states: entries.length - uts, unionTerritories: uts, cities: total };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = dirname(fileURLToPath(import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(here, '..', 'src', 'geo'));
  const r = generate(outDir);
  console.log(
    `generate-geo: ${r.states} states + ${r.unionTerritories} union territories, ${r.cities} cities -> ${outDir}`,
  );
}
