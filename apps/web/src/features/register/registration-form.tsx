import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { REGISTRATION_PLANS } from '@starloop/contract';
import { Link } from '@tanstack/react-router';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { NewPasswordFields } from '../../components/new-password-fields/new-password-fields.tsx';
import { formatRupees } from '../../lib/format.ts';
import { phoneDigits } from '../auth/phone.ts';
import { BusinessCodeField, codeFromName, type TCodeAvailability } from './business-code-field.tsx';
import type { TRegistrationErrors, TRegistrationField, TRegistrationValues } from './registration-values.ts';
import { StateCityFields } from './state-city-fields.tsx';

export const REGISTRATION_LABELS = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone number',
  businessName: 'Business name',
  businessUrl: 'Business review URL',
  salesGuy: 'Sales representative name',
  password: 'Password',
  confirmPassword: 'Confirm password',
  plan: 'Plan',
  terms: 'I accept the Terms of Service and the Privacy Policy',
  submit: 'Continue to plan',
} as const;

const LEGEND_STYLES = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-lg)',
    marginBottom: 'var(--mantine-spacing-xs)',
  },
};

/** A titled group of fields, two columns on wide screens. */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="unstyled" styles={LEGEND_STYLES}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/** The id of a field's input (labels, focus on the first error). */
export const fieldId = (field: TRegistrationField) => `register-${field}`;

interface TRegistrationFormProps {
  values: TRegistrationValues;
  /** Only the errors to show now (touched fields, or all after a submit). */
  errors: TRegistrationErrors;
  onChange: (patch: Partial<TRegistrationValues>) => void;
  onBlur: (field: TRegistrationField) => void;
  onSubmit: () => void;
  onCodeAvailability: (state: TCodeAvailability, message?: string) => void;
  /** The user typed the code themselves: stop suggesting one from the business name. */
  codeEdited: boolean;
  onCodeEdited: () => void;
}

/** Step 1 of /register: the account form (spec section 3 fields, section 5 rules). */
export function RegistrationForm({
  values,
  errors,
  onChange,
  onBlur,
  onSubmit,
  onCodeAvailability,
  codeEdited,
  onCodeEdited,
}: TRegistrationFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  /** A text field's props; `clean` tidies what is typed (the phone keeps digits only). */
  const text = (field: TRegistrationField, clean = (value: string) => value) => ({
    id: fieldId(field),
    value: String(values[field]),
    error: errors[field],
    onBlur: () => onBlur(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ [field]: clean(event.currentTarget.value) }),
    withAsterisk: true,
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Registration form">
      <Stack gap="lg">
        <FieldGroup legend="About you">
          <TextInput label={REGISTRATION_LABELS.name} autoComplete="name" {...text('name')} />
          <TextInput
            label={REGISTRATION_LABELS.email}
            type="email"
            autoComplete="email"
            placeholder="you@business.in"
            {...text('email')}
          />
          <TextInput
            label={REGISTRATION_LABELS.phone}
            description="You sign in with this number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="10-digit mobile number"
            {...text('phone', phoneDigits)}
          />
          <TextInput
            label={REGISTRATION_LABELS.salesGuy}
            description='Who helped you sign up (name or agent code); "Direct" if nobody'
            autoComplete="off"
            {...text('salesGuy')}
          />
        </FieldGroup>

        <FieldGroup legend="Your business">
          <TextInput
            label={REGISTRATION_LABELS.businessName}
            autoComplete="organization"
            {...text('businessName')}
            onChange={(event) => {
              const businessName = event.currentTarget.value;
              onChange(codeEdited ? { businessName } : { businessName, code: codeFromName(businessName) });
            }}
          />
          <BusinessCodeField
            id={fieldId('code')}
            value={values.code}
            error={errors.code}
            onBlur={() => onBlur('code')}
            onChange={(code) => {
              onCodeEdited();
              onChange({ code });
            }}
            onAvailability={onCodeAvailability}
          />
          <TextInput
            label={REGISTRATION_LABELS.businessUrl}
            description="Where happy customers leave a public review, e.g. your Google review link"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://g.page/r/..."
            {...text('businessUrl')}
          />
          <Box visibleFrom="sm" aria-hidden="true" />
          <StateCityFields
            ids={{ state: fieldId('state'), city: fieldId('city') }}
            state={values.state}
            city={values.city}
            stateError={errors.state}
            cityError={errors.city}
            onChange={(next) => onChange(next)}
            onBlur={(field) => onBlur(field)}
          />
        </FieldGroup>

        <FieldGroup legend="Sign-in password">
          <NewPasswordFields
            passwordLabel={REGISTRATION_LABELS.password}
            confirmLabel={REGISTRATION_LABELS.confirmPassword}
            password={text('password')}
            confirm={text('confirmPassword')}
          />
        </FieldGroup>

        <Radio.Group
          id={fieldId('plan')}
          label={REGISTRATION_LABELS.plan}
          description="Billed monthly in INR. You can compare both on the next step."
          value={values.plan || null}
          onChange={(plan) => onChange({ plan })}
          error={errors.plan}
          withAsterisk
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            {REGISTRATION_PLANS.map((plan) => (
              <Radio.Card key={plan.key} value={plan.name} radius="md" p="md" withBorder>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Group gap="xs">
                      <Text fw={700}>{plan.name}</Text>
                      {plan.popular ? (
                        <Badge size="sm" variant="light">
                          Most Popular
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="gray.7">
                      {formatRupees(plan.price)}/month + GST
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Checkbox
          id={fieldId('terms')}
          checked={values.terms}
          onChange={(event) => onChange({ terms: event.currentTarget.checked })}
          error={errors.terms}
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/terms" target="_blank">
                Terms of Service
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/privacy-policy" target="_blank">
                Privacy Policy
              </Anchor>
            </>
          }
        />

        <Button type="submit" size="md" fullWidth>
          {REGISTRATION_LABELS.submit}
        </Button>
      </Stack>
    </form>
  );
}
