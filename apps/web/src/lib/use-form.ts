import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import { anyMessage, serverField } from './api-errors.ts';

/*
 * The one form model of the app: values in state, validated by the contract's zod schema (or one
 * derived from it with .pick/.extend), so every message on screen is the schema's message. Kept
 * structural (safeParse-shaped) so this module does not import zod itself.
 */

interface TIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A zod-like safeParse result. */
export type TSafeParse<Out> =
  | { success: true; data: Out }
  | { success: false; error: { issues: readonly TIssue[] } };

/** A zod schema, or any function that checks values the same way. */
export type TFormSchema<Out> =
  | { safeParse: (values: unknown) => TSafeParse<Out> }
  | ((values: never) => TSafeParse<Out>);

/** Field errors by field path ('email', 'branches.0.code'). */
export type TFieldErrors<T> = Partial<Record<keyof T & string, string>> & Record<string, string | undefined>;

/** The first message of each field, keyed by the path joined with dots ('branches.0.code'). */
export function issuesToErrors(issues: readonly TIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function parse<Out>(schema: TFormSchema<Out>, values: unknown): TSafeParse<Out> {
  return typeof schema === 'function'
    ? (schema as (v: unknown) => TSafeParse<Out>)(values)
    : schema.safeParse(values);
}

/** Checks values against a schema: the parsed (trimmed, normalised) data, or the field errors. */
export function checkForm<Out>(
  schema: TFormSchema<Out>,
  values: unknown,
): { data: Out; errors: Record<string, never> } | { data: undefined; errors: Record<string, string> } {
  const result = parse(schema, values);
  return result.success
    ? { data: result.data, errors: {} }
    : { data: undefined, errors: issuesToErrors(result.error.issues) };
}

export interface TUseFormOptions {
  /**
   * After the first submit, check every field again on each change (the public forms). Otherwise
   * editing a field only clears that field's error (the dialogs).
   */
  revalidate?: boolean;
}

/**
 * Values, errors and submit of one form. `submit()` shows every field's first error and returns
 * the parsed values, or undefined; `input(name)` gives a text field its value, onChange and error.
 */
export function useForm<T extends object, Out = T>(
  schema: TFormSchema<Out>,
  initial: T | (() => T),
  options: TUseFormOptions = {},
) {
  const [values, setValuesState] = useState<T>(initial);
  const [errors, setErrors] = useState<TFieldErrors<T>>({} as TFieldErrors<T>);
  const [submitted, setSubmitted] = useState(false);
  // The latest values, schema and mode, so that setField stays stable and two calls in one event
  // (e.g. a state and its cleared city) both count.
  const latest = useRef({ values, schema, revalidate: options.revalidate ?? false, submitted });
  latest.current = { ...latest.current, schema, revalidate: options.revalidate ?? false, submitted };

  const setValues = useCallback((next: T) => {
    latest.current.values = next;
    setValuesState(next);
  }, []);

  const setField = useCallback(
    <F extends keyof T & string>(field: F, value: T[F]) => {
      const { values: current, schema: currentSchema, revalidate, submitted: wasSubmitted } = latest.current;
      const next = { ...current, [field]: value };
      setValues(next);
      if (revalidate && wasSubmitted) {
        setErrors(checkForm(currentSchema, next).errors as TFieldErrors<T>);
        return;
      }
      setErrors((shown) => {
        if (!shown[field]) return shown;
        const { [field]: _removed, ...rest } = shown;
        return rest as TFieldErrors<T>;
      });
    },
    [setValues],
  );

  const reset = useCallback(
    (next: T) => {
      setValues(next);
      setErrors({} as TFieldErrors<T>);
      setSubmitted(false);
    },
    [setValues],
  );

  /** Validates the values of the current render (call it from an event handler). */
  const submit = (): Out | undefined => {
    setSubmitted(true);
    latest.current.submitted = true;
    const checked = checkForm(schema, latest.current.values);
    setErrors(checked.errors as TFieldErrors<T>);
    return checked.data;
  };

  /** Props of a TextInput / PasswordInput / Textarea bound to a string field. */
  const input = <F extends keyof T & string>(field: F) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setField(field, event.currentTarget.value as T[F]),
    error: errors[field],
  });

  /**
   * Props of a NumberInput bound to a number field. An empty or unfinished entry ('', '-') counts
   * as `empty` (e.g. the field's minimum), so the field always holds a number for the schema.
   */
  const numberInput = <F extends keyof T & string>(field: F, empty: number) => ({
    value: values[field] as number,
    onChange: (value: number | string) => {
      const number = typeof value === 'number' ? value : Number(value);
      setField(field, (value === '' || !Number.isFinite(number) ? empty : number) as T[F]);
    },
    error: errors[field],
  });

  /** Props of a Checkbox / Switch bound to a boolean field. */
  const checkbox = <F extends keyof T & string>(field: F) => ({
    checked: values[field] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(field, event.currentTarget.checked as T[F]),
    error: errors[field],
  });

  /**
   * The schema's verdict on the current values without showing it: for a button that waits for
   * valid input, or a message shown as the owner types.
   */
  const check = () => checkForm(schema, values);

  /**
   * A rejected save, read the same way by every form: the server's message goes on the field it
   * names when that field is one of `fields` (by default this form's own) and null comes back;
   * otherwise the message (or `fallback`) comes back for the form's banner or toast.
   */
  const showServerError = (error: unknown, fallback: string, fields?: ReadonlySet<string>): string | null => {
    const message = anyMessage(error, fallback);
    const field = serverField(error);
    if (field === undefined || !(fields ? fields.has(field) : field in latest.current.values)) return message;
    setErrors({ [field]: message } as TFieldErrors<T>);
    return null;
  };

  const hasErrors = Object.values(errors).some(Boolean);
  return {
    values,
    setValues,
    errors,
    setErrors,
    setField,
    reset,
    submit,
    submitted,
    input,
    numberInput,
    checkbox,
    check,
    showServerError,
    hasErrors,
  };
}

export type TForm<T extends object, Out = T> = ReturnType<typeof useForm<T, Out>>;

/** A form's onSubmit: no page reload, and nothing while its action is still running. */
export const submitHandler =
  (run: () => void, busy = false) =>
  (event: FormEvent) => {
    event.preventDefault();
    if (!busy) run();
  };
