import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../trpc/router.ts';
import { API_MAP_COMMAND, API_MAP_FILE, collectApiMap, renderApiMap, type TApiMapRow } from './api-map.ts';
import { routeRegistry } from './define-route.ts';

const domainsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'domains');

describe('docs/api-map.md', () => {
  let rows: TApiMapRow[];
  beforeAll(async () => {
    rows = await collectApiMap();
  });

  it(`is what \`${API_MAP_COMMAND}\` writes`, () => {
    const committed = existsSync(API_MAP_FILE) ? readFileSync(API_MAP_FILE, 'utf8') : '';
    expect(
      committed,
      `docs/api-map.md is out of date: run \`${API_MAP_COMMAND}\` at the repository root and commit it`,
    ).toBe(renderApiMap(rows));
  });

  it('lists every procedure once, with the file that exists', () => {
    const procedures = rows.filter((row) => row.procedure).map((row) => row.procedure);
    expect([...procedures].sort()).toEqual(Object.keys(appRouter._def.procedures).sort());
    for (const row of rows) {
      expect(row.file, `${row.procedure ?? row.rest}: its file`).toBeDefined();
      expect(existsSync(path.join(domainsDir, row.file ?? '')), `${row.file} exists`).toBe(true);
    }
  });

  it('lists every REST path of the registry once (a procedure binding or a route)', () => {
    const listed = rows.flatMap((row) => (row.rest ? [row.rest] : [])).sort();
    expect(listed).toEqual(routeRegistry.map((route) => `${route.method} /api${route.url}`).sort());
  });
});
