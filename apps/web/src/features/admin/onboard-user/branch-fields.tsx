import { Group, Loader, Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BUSINESS_CODE_PATTERN } from '@starloop/contract';
import { INDIAN_STATES, loadCities } from '@starloop/contract/geo';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';
import type { TBranchForm, TCodeCheck, TStepErrors } from './onboarding-model.ts';

const STATE_OPTIONS = INDIAN_STATES.map((state) => state.name);
const DURATION_OPTIONS = [
  { value: '1', label: '1 year' },
  { value: '2', label: '2 years' },
];
/** Typing pause before the code is checked (decisions.md: debounced availability check). */
const CODE_CHECK_DEBOUNCE_MS = 400;

/** Business code with a live availability check through public.businessCode.check. */
function BusinessCodeField({
  value,
  onChange,
  error,
  onChecked,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  onChecked: (check: TCodeCheck | undefined) => void;
}) {
  const trpc = useTrpc();
  const code = value.trim().toLowerCase();
  const [debounced] = useDebouncedValue(code, CODE_CHECK_DEBOUNCE_MS);
  const checkable = BUSINESS_CODE_PATTERN.test(debounced);
  const query = useQuery({
    ...trpc.public.businessCode.check.queryOptions({ code: debounced }),
    enabled: checkable,
    staleTime: 30_000,
  });
  const current = checkable && debounced === code ? query.data : undefined;

  const report = useRef(onChecked);
  report.current = onChecked;
  useEffect(() => {
    report.current(
      current ? { code: debounced, available: current.available, message: current.message } : undefined,
    );
  }, [current, debounced]);

  const checking = BUSINESS_CODE_PATTERN.test(code) && (code !== debounced || query.isFetching);
  const shownError = error ?? (current && !current.available ? current.message : undefined);
  return (
    <TextInput
      label="Business code"
      withAsterisk
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={shownError}
      description={
        checking ? (
          'Checking availability...'
        ) : current?.available ? (
          <Text component="span" size="xs" c="teal.9">
            {current.message || 'Available'}
          </Text>
        ) : (
          'Lower-case letters, digits and hyphens; it becomes /review/{code}.'
        )
      }
      rightSection={checking ? <Loader size={14} /> : null}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

/** State, then the cities of that state (loaded on demand); changing the state clears the city. */
function StateCityFields({
  state,
  city,
  onState,
  onCity,
  stateError,
  cityError,
}: {
  state: string;
  city: string;
  onState: (value: string) => void;
  onCity: (value: string) => void;
  stateError: string | undefined;
  cityError: string | undefined;
}) {
  const cities = useQuery({
    queryKey: ['geo', 'cities', state],
    queryFn: () => loadCities(state),
    enabled: Boolean(state),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <Select
        label="State"
        withAsterisk
        placeholder="Select state"
        searchable
        data={STATE_OPTIONS}
        value={state || null}
        onChange={(value) => onState(value ?? '')}
        error={stateError}
        nothingFoundMessage="No state matches"
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="City"
        withAsterisk
        placeholder={
          state ? (cities.isPending ? 'Loading cities...' : 'Select city') : 'Select a state first'
        }
        searchable
        disabled={!state}
        data={cities.data ?? []}
        limit={100}
        value={city || null}
        onChange={(value) => onCity(value ?? '')}
        error={cityError}
        nothingFoundMessage="No city matches"
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

export interface TBranchFieldsProps {
  index: number;
  branch: TBranchForm;
  /** Step 2's errors, by path ('branches.0.code'). */
  errors: TStepErrors;
  onChange: (index: number, patch: Partial<TBranchForm>) => void;
  onCodeChecked: (index: number, check: TCodeCheck | undefined) => void;
  agents: readonly { value: string; label: string }[];
  agentsLoading: boolean;
}

/** One customer block of step 2. */
export function BranchFields({
  index,
  branch,
  errors,
  onChange,
  onCodeChecked,
  agents,
  agentsLoading,
}: TBranchFieldsProps) {
  const error = (field: keyof TBranchForm) => errors[`branches.${index}.${field}`];
  const text = (field: 'name' | 'contactNumber' | 'businessName' | 'reviewLink') => ({
    value: branch[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(index, { [field]: event.currentTarget.value }),
    error: error(field),
  });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="fieldset"
      m={0}
      aria-labelledby={`customer-${index}-title`}
    >
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5" id={`customer-${index}-title`}>
          Customer {index + 1}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk autoComplete="off" {...text('name')} />
        <TextInput
          label="Phone"
          withAsterisk
          type="tel"
          inputMode="numeric"
          placeholder="10-digit mobile number"
          {...text('contactNumber')}
        />
        <TextInput label="Business name" withAsterisk {...text('businessName')} />
        <BusinessCodeField
          value={branch.code}
          onChange={(code) => onChange(index, { code })}
          error={error('code')}
          onChecked={(check) => onCodeChecked(index, check)}
        />
        <Select
          label="Subscription duration"
          withAsterisk
          placeholder="Select duration"
          data={DURATION_OPTIONS}
          value={branch.subscriptionDuration || null}
          onChange={(value) => onChange(index, { subscriptionDuration: value ?? '' })}
          error={error('subscriptionDuration')}
          allowDeselect={false}
        />
        <TextInput
          label="Review link"
          withAsterisk
          type="url"
          placeholder="https://"
          {...text('reviewLink')}
        />
        <StateCityFields
          state={branch.state}
          city={branch.city}
          onState={(state) => onChange(index, { state, city: '' })}
          onCity={(city) => onChange(index, { city })}
          stateError={error('state')}
          cityError={error('city')}
        />
        <Select
          label="Agent (optional)"
          placeholder={agentsLoading ? 'Loading agents...' : 'Direct (no agent)'}
          searchable
          clearable
          data={agents as { value: string; label: string }[]}
          value={branch.agentId === null ? null : String(branch.agentId)}
          onChange={(value) => onChange(index, { agentId: value ? Number(value) : null })}
          error={error('agentId')}
          nothingFoundMessage="No active agent matches"
        />
      </SimpleGrid>
    </Paper>
  );
}
