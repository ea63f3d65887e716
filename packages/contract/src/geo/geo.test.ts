import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CITY_LOADERS } from './city-loaders.ts';
import { findCity, findState, INDIAN_STATES, isCityInState, loadCities } from './index.ts';

const GEO_DIR = dirname(fileURLToPath(import.meta.url));
const SCRIPT = join(GEO_DIR, '..', '..', 'scripts', 'generate-geo.mjs');

describe('INDIAN_STATES', () => {
  it('has 28 states and 8 union territories', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES.filter((s) => s.type === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.type === 'union_territory')).toHaveLength(8);
  });

  it('has unique names and codes, sorted by name', () => {
    const names = INDIAN_STATES.map((s) => s.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('classifies the union territories', () => {
    expect(
      INDIAN_STATES.filter((s) => s.type === 'union_territory')
        .map((s) => s.name)
        .sort(),
    ).toEqual([
      'Andaman and Nicobar Islands',
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Delhi',
      'Jammu and Kashmir',
      'Ladakh',
      'Lakshadweep',
      'Puducherry',
    ]);
    expect(findState('Delhi')?.type).toBe('union_territory');
    expect(findState('Ladakh')).toMatchObject({ name: 'Ladakh', type: 'union_territory' });
    expect(findState('Telangana')?.type).toBe('state');
    expect(findState('Maharashtra')?.type).toBe('state');
  });

  it('has no obsolete entries', () => {
    for (const old of ['Dadra and Nagar Haveli', 'Daman and Diu', 'Orissa', 'Pondicherry', 'Uttaranchal']) {
      expect(findState(old)).toBeUndefined();
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(INDIAN_STATES)).toBe(true);
    expect(Object.isFrozen(INDIAN_STATES[0])).toBe(true);
  });
});

describe('findState', () => {
  it('matches name or code case-insensitively', () => {
    expect(findState('maharashtra')?.code).toBe('MH');
    expect(findState('MAHARASHTRA')?.code).toBe('MH');
    expect(findState('mh')?.name).toBe('Maharashtra');
    expect(findState('  Tamil   Nadu ')?.code).toBe('TN');
    expect(findState('dadra and nagar haveli and daman and diu')?.code).toBe('DH');
  });

  it('returns undefined for unknown input', () => {
    expect(findState('Atlantis')).toBeUndefined();
    expect(findState('')).toBeUndefined();
  });
});

describe('city files', () => {
  it('has exactly one loader and one file per state', () => {
    const codes = INDIAN_STATES.map((s) => s.code).sort();
    expect(Object.keys(CITY_LOADERS).sort()).toEqual(codes);
    const files = readdirSync(join(GEO_DIR, 'data', 'cities')).sort();
    expect(files).toEqual(codes.map((c) => `${c}.json`));
  });

  it.each(INDIAN_STATES.map((s) => [s.name, s.code] as const))(
    '%s (%s) has >= 1 sorted, unique, trimmed city',
    async (_name, code) => {
      const cities = await loadCities(code);
      expect(cities.length).toBeGreaterThanOrEqual(1);
      expect(new Set(cities).size).toBe(cities.length);
      for (const c of cities) expect(c).toBe(c.trim());
      for (const c of cities) expect(c.length).toBeGreaterThan(0);
    },
  );
});

describe('loadCities', () => {
  it('loads by name and by code, case-insensitively', async () => {
    const byName = await loadCities('Maharashtra');
    const byCode = await loadCities('MH');
    expect(byName).toEqual(byCode);
    expect(await loadCities('maharashtra')).toEqual(byName);
    expect(byName).toContain('Pune');
    expect(byName).toContain('Mumbai');
  });

  it('knows Bengaluru (the package also lists the districts "Bangalore Urban/Rural")', async () => {
    const cities = await loadCities('Karnataka');
    expect(cities).toContain('Bengaluru');
    expect(cities).not.toContain('Bangalore');
  });

  it('returns a fresh array each time', async () => {
    const a = await loadCities('Delhi');
    a.length = 0;
    expect((await loadCities('Delhi')).length).toBeGreaterThan(0);
  });

  it('rejects unknown states', async () => {
    await expect(loadCities('Atlantis')).rejects.toThrow(/unknown/);
  });
});

describe('isCityInState / findCity', () => {
  it('accepts cities of the state', async () => {
    expect(await isCityInState('Maharashtra', 'Pune')).toBe(true);
    expect(await isCityInState('MH', 'Mumbai')).toBe(true);
    expect(await isCityInState('karnataka', ' bengaluru ')).toBe(true);
    expect(await isCityInState('Delhi', 'New Delhi')).toBe(true);
    expect(await isCityInState('Ladakh', 'Leh')).toBe(true);
    expect(await findCity('ka', 'BENGALURU')).toBe('Bengaluru');
  });

  it('rejects cities of other states, unknown cities and unknown states', async () => {
    expect(await isCityInState('Karnataka', 'Pune')).toBe(false);
    expect(await isCityInState('Maharashtra', 'Bengaluru')).toBe(false);
    expect(await isCityInState('Maharashtra', 'Springfield')).toBe(false);
    expect(await isCityInState('Maharashtra', '')).toBe(false);
    expect(await isCityInState('Atlantis', 'Pune')).toBe(false);
    expect(await findCity('Atlantis', 'Pune')).toBeUndefined();
  });
});

describe('generate-geo.mjs', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'starloop-geo-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('reproduces the committed files exactly', () => {
    execFileSync(process.execPath, [SCRIPT, tmp], { stdio: 'pipe' });

    const listing = (dir: string) => [
      'city-loaders.ts',
      join('data', 'states.json'),
      ...readdirSync(join(dir, 'data', 'cities'))
        .sort()
        .map((f) => join('data', 'cities', f)),
    ];
    const expected = listing(GEO_DIR);
    const generated = listing(tmp);
    expect(generated).toEqual(expected);
    for (const file of expected) {
      expect(readFileSync(join(tmp, file), 'utf8'), file).toBe(readFileSync(join(GEO_DIR, file), 'utf8'));
    }
  });
});
