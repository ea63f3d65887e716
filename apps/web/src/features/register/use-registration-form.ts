import { useRef } from 'react';
import { checkForm, useForm } from '../../lib/use-form.ts';
import {
  loadRegistrationDraft,
  REGISTRATION_FIELDS,
  type TRegistrationErrors,
  type TRegistrationField,
  type TRegistrationValues,
  ZRegistrationValues,
} from './registration-values.ts';

/**
 * The /register form: `useForm` over ZRegistrationValues, checked again on every change after the
 * first submit (like the public forms), started from the saved draft. The long form adds two
 * things on top, both with the schema's (or the server's) messages:
 * - before any submit, a field's message shows once the field is left, and follows its value from
 *   then on;
 * - a field the server blamed (payments.initiate's `field`) keeps the server's message until that
 *   field is edited, and holds the form back meanwhile.
 */
export function useRegistrationForm() {
  const form = useForm(ZRegistrationValues, loadRegistrationDraft, { revalidate: true });
  const { setField, setErrors } = form;
  const touched = useRef(new Set<TRegistrationField>());
  const serverErrors = useRef<TRegistrationErrors>({});

  /** The schema's messages of the fields left so far (undefined where a field is valid). */
  const touchedErrors = (values: TRegistrationValues): TRegistrationErrors => {
    const { errors } = checkForm(ZRegistrationValues, values);
    return Object.fromEntries([...touched.current].map((field) => [field, errors[field]]));
  };
  const withServerErrors = (shown: TRegistrationErrors) => ({ ...shown, ...serverErrors.current });

  /** Sets one or more fields (a new state comes with its cleared city). */
  const change = (patch: Partial<TRegistrationValues>) => {
    const next = { ...form.values, ...patch };
    for (const [field, value] of Object.entries(patch) as [TRegistrationField, never][]) {
      setField(field, value);
      delete serverErrors.current[field];
    }
    setErrors((shown) => withServerErrors(form.submitted ? shown : { ...shown, ...touchedErrors(next) }));
  };

  /** A field was left: from now on it shows its message. */
  const blur = (field: TRegistrationField) => {
    touched.current.add(field);
    if (form.submitted) return;
    setErrors((shown) => withServerErrors({ ...shown, ...touchedErrors(form.values) }));
  };

  /** The server blamed a field: its message replaces the ones the server gave before. */
  const serverError = (field: TRegistrationField, message: string) => {
    serverErrors.current = { [field]: message };
    setErrors((shown) => ({ ...shown, [field]: message }));
  };

  /**
   * Shows every message and returns the parsed form, or undefined while a field is invalid or
   * still blamed by the server.
   */
  const submit = () => {
    const data = form.submit();
    if (Object.keys(serverErrors.current).length === 0) return data;
    setErrors(withServerErrors);
    return undefined;
  };

  /** The first field, in the form's order, with a message after a submit. */
  const firstInvalidField = (): TRegistrationField | undefined => {
    const errors = { ...checkForm(ZRegistrationValues, form.values).errors, ...serverErrors.current };
    return REGISTRATION_FIELDS.find((field) => errors[field]);
  };

  return {
    values: form.values,
    errors: form.errors as TRegistrationErrors,
    change,
    blur,
    serverError,
    submit,
    firstInvalidField,
  };
}
