/** The constraint a unique violation (SQLSTATE 23505) hit, on both drivers; undefined otherwise. */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (String(code) !== '23505') return undefined;
  return typeof constraint === 'string' ? constraint : '';
}
