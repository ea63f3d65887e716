/**
 * Rules every text input follows, whatever its field: PostgreSQL refuses a NUL character and an
 * unpaired UTF-16 surrogate in text and jsonb, so both are refused up front with a 400 naming the
 * field, instead of failing in the database. The server applies `findIllFormedText` to the whole
 * input of every operation (apps/server/src/trpc/init.ts).
 */
export const TEXT_TEXTS = {
  illFormed: 'This text contains characters that cannot be stored. Please remove them and try again.',
  tooDeep: 'The request is nested too deeply.',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

/** Objects and arrays deeper than this are refused (no input of the API nests past 5). */
export const MAX_INPUT_DEPTH = 32;

const isIllFormed = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/**
 * Where the first ill-formed text of an input is (its field path, e.g. 'branches.1.name', '' for
 * the input itself), with the reason; undefined when every string, key included, is fine.
 */
export function findIllFormedText(
  value: unknown,
  path: readonly string[] = [],
): { field: string; message: string } | undefined {
  if (path.length > MAX_INPUT_DEPTH) return { field: path.join('.'), message: TEXT_TEXTS.tooDeep };
  if (typeof value === 'string') {
    return isIllFormed(value) ? { field: path.join('.'), message: TEXT_TEXTS.illFormed } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findIllFormedText(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isIllFormed(key)) return { field: [...path, key].join('.'), message: TEXT_TEXTS.illFormed };
      const found = findIllFormedText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
