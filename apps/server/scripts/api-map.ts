/**
 * Writes docs/api-map.md from the router and the REST route registry (src/rest/api-map.ts).
 * Usage (repository root): npm run docs:api-map
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_MAP_FILE, buildApiMap } from '../src/rest/api-map.ts';

const map = await buildApiMap();
let before: string | undefined;
try {
  before = readFileSync(API_MAP_FILE, 'utf8');
} catch {
  before = undefined;
}
const where = path.relative(process.cwd(), API_MAP_FILE);
if (before === map) {
  console.log(`${where} is up to date (${map.split('\n').length - 1} lines)`);
} else {
  writeFileSync(API_MAP_FILE, map);
  console.log(`wrote ${where} (${map.split('\n').length - 1} lines)`);
}
