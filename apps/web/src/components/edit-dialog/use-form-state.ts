import { useCallback, useState } from 'react';

/** Field errors by field name (the first message of each field). */
export type TFieldErrors<T> = Partial<Record<keyof T & string, string>>;

interface TIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A zod-like safeParse result (kept structural so this module does not need zod). */
export type TSafeParse<Out> =
  | { success: true; data: Out }
  | { success: false; error: { issues: readonly TIssue[] } };

/** The first message of each field, keyed by the path joined with dots ('branches.0.code'). */
export function issuesToErrors(issues: readonly TIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Values and errors of a small form. `validate(schema.safeParse)` shows every field's first error
 * and returns the parsed (normalised) values, or undefined; editing a field clears its error.
 */
export function useFormState<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<TFieldErrors<T>>({});

  const setField = useCallback(<F extends keyof T & string>(field: F, value: T[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest as TFieldErrors<T>;
    });
  }, []);

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);

  /** Validates the values of the current render (call it from an event handler). */
  const validate = <Out>(parse: (values: T) => TSafeParse<Out>): Out | undefined => {
    const result = parse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(issuesToErrors(result.error.issues) as TFieldErrors<T>);
    return undefined;
  };

  return { values, setValues, errors, setErrors, setField, reset, validate };
}
