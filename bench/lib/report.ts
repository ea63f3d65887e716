/** The figures of a benchmark (rounding, percentiles, trends) and its report. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { root } from './harness.ts';

export const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
/** round() that lets a missing reading through. */
export const roundOptional = (n: number | undefined, digits = 2) =>
  n === undefined ? undefined : round(n, digits);

/** Nearest-rank quantile of an ascending array (undefined when empty). */
export const quantile = (sorted: number[], q: number): number | undefined =>
  sorted.length === 0
    ? undefined
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

export function summary(values: number[], digits = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (v: number | undefined) => (v === undefined ? null : round(v, digits));
  return {
    count: sorted.length,
    p50: r(quantile(sorted, 0.5)),
    p95: r(quantile(sorted, 0.95)),
    p99: r(quantile(sorted, 0.99)),
    max: r(sorted.at(-1)),
  };
}

/** Least-squares line through (x, y): slope, intercept and R². */
export function leastSquares(points: Array<[number, number]>) {
  const n = points.length;
  if (n < 2) return undefined;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

export function machineInfo(loadavgBefore: number[]) {
  return {
    cpuModel: cpus()[0]?.model,
    cpus: cpus().length,
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    loadavgBefore,
    loadavgAfter: loadavg().map((v) => round(v)),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export interface TReportTarget {
  name: string;
  target: string;
  actual: unknown;
  met: boolean;
}

export function printTargets(targets: TReportTarget[]) {
  for (const t of targets)
    console.log(`${t.met ? 'PASS' : 'MISS'}  ${t.name}: ${t.actual} (target ${t.target})`);
}

export function writeReport(out: string, report: unknown) {
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const shown = path.relative(root, out);
  console.log(`Written to ${shown.startsWith('..') ? out : shown}`);
}
