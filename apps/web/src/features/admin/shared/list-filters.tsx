import { NativeSelect, TextInput } from '@mantine/core';

/*
 * The filters beside an admin list's search box. Each shows the URL's value and hands back a valid
 * one, or undefined for "all" (the list's setFilter writes it to the URL and goes back to page 1).
 */

/** One of `values`, or '' for all of them (the first option, labelled `all`). */
export function ChoiceFilter<V extends string>({
  label,
  all,
  values,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  all: string;
  values: readonly V[];
  labelOf: (value: V) => string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: all }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
      value={value ?? ''}
      onChange={(event) => onChange(values.find((v) => v === event.currentTarget.value))}
    />
  );
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A calendar day (YYYY-MM-DD), or none. */
export function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value ?? ''}
      onChange={(event) => {
        const day = event.currentTarget.value;
        onChange(isDay(day) ? day : undefined);
      }}
    />
  );
}
