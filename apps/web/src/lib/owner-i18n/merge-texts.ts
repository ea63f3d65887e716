/**
 * One catalog from its parts: sections that both parts have (a first-view part and the rest of a
 * screen's texts) are merged key by key. Parts never give the same text twice
 * (`owner-catalogs.test.ts`).
 */
export function mergeTexts<A extends object, B extends object>(first: A, rest: B): A & B {
  const merged = { ...first } as Record<string, unknown>;
  for (const [key, value] of Object.entries(rest)) {
    const before = merged[key];
    merged[key] = isSection(before) && isSection(value) ? mergeTexts(before, value) : value;
  }
  return merged as A & B;
}

const isSection = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
