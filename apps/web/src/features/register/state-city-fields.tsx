import { Select } from '@mantine/core';
import { INDIAN_STATES, loadCities } from '@starloop/contract/geo';
import { useQuery } from '@tanstack/react-query';

const STATE_OPTIONS = INDIAN_STATES.map((state) => state.name);

interface TStateCityFieldsProps {
  /** Input ids, e.g. for focusing the first field with an error. */
  ids?: { state: string; city: string };
  state: string;
  city: string;
  /** A new state always comes with an empty city (the city list depends on the state). */
  onChange: (next: { state: string; city: string }) => void;
  stateError?: string | undefined;
  cityError?: string | undefined;
  disabled?: boolean;
  onBlur?: (field: 'state' | 'city') => void;
}

/**
 * State, then city: every Indian state and union territory; the cities of the chosen state only,
 * loaded on demand (one small file per state). Changing the state clears the city.
 */
export function StateCityFields({
  ids,
  state,
  city,
  onChange,
  stateError,
  cityError,
  disabled = false,
  onBlur,
}: TStateCityFieldsProps) {
  const cities = useQuery({
    queryKey: ['geo', 'cities', state],
    queryFn: () => loadCities(state),
    enabled: state !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <>
      <Select
        id={ids?.state}
        label="State"
        placeholder="Choose a state"
        data={STATE_OPTIONS}
        value={state || null}
        onChange={(value) => onChange({ state: value ?? '', city: '' })}
        onBlur={() => onBlur?.('state')}
        searchable
        nothingFoundMessage="No state matches"
        error={stateError}
        disabled={disabled}
        withAsterisk
        autoComplete="off"
      />
      <Select
        id={ids?.city}
        label="City"
        placeholder={
          state ? (cities.isPending ? 'Loading cities...' : 'Choose a city') : 'Choose a state first'
        }
        data={cities.data ?? []}
        value={city || null}
        onChange={(value) => onChange({ state, city: value ?? '' })}
        onBlur={() => onBlur?.('city')}
        searchable
        nothingFoundMessage="No city matches"
        error={
          cityError ?? (cities.isError ? 'Could not load the cities. Choose the state again.' : undefined)
        }
        disabled={disabled || state === '' || cities.isPending}
        withAsterisk
        autoComplete="off"
      />
    </>
  );
}
