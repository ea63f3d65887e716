import { useEffect } from 'react';
import { type TFormSchema, useForm } from '../../lib/use-form.ts';

/**
 * The form of an edit dialog: filled from `record` each time the dialog opens with one (null: the
 * dialog is closed). `toValues` should be a module-level function (it is not a dependency).
 */
export function useRecordForm<R, T extends object, Out>(
  schema: TFormSchema<Out>,
  record: R | null,
  toValues: (record: R) => T,
  empty: T,
) {
  const form = useForm<T, Out>(schema, empty);
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: toValues is a module-level mapping
  useEffect(() => {
    if (record !== null) reset(toValues(record));
  }, [record, reset]);
  return form;
}
