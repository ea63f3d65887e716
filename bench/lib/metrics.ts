/** The server's Prometheus text (GET /metrics on loopback), read into samples. */

export type TMetricSamples = Map<string, number>;

/** `name{labels} value` lines into a map keyed by `name{labels}` as written (no HELP/TYPE lines). */
export function parsePrometheus(text: string): TMetricSamples {
  const samples: TMetricSamples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    const value = Number(line.slice(space + 1));
    if (Number.isFinite(value)) samples.set(line.slice(0, space), value);
  }
  return samples;
}

export async function scrapeMetrics(base: string): Promise<TMetricSamples | undefined> {
  try {
    const res = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return undefined;
    return parsePrometheus(await res.text());
  } catch {
    return undefined;
  }
}

/** Every sample of a metric family, by its label string (`{queue="review-reply"}` or ''). */
export function metricFamily(samples: TMetricSamples, name: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of samples) {
    if (key === name) out[''] = value;
    else if (key.startsWith(`${name}{`)) out[key.slice(name.length)] = value;
  }
  return out;
}
