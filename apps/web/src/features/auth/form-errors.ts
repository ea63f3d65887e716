/** Field errors of a zod result: the first message for each top-level field. */
export type TFieldErrors<K extends string = string> = Partial<Record<K, string>>;

interface TIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export function fieldErrors<K extends string>(issues: readonly TIssueLike[]): TFieldErrors<K> {
  const errors: TFieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    if (!(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}
