import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  useMatches,
} from '@mantine/core';
import { LIMITS, MANUAL_PAYMENT_METHODS, TIMINGS, type TManualPaymentMethod } from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage, serverField } from '../../../lib/api-errors.ts';
import { methodLabel, titleCase } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';
import { BranchFields, type TCodeCheck } from './branch-fields.tsx';
import {
  branchErrorField,
  clampCustomerCount,
  emptyBranch,
  emptyPayment,
  resizeBranches,
  type TBranchForm,
  type TCodeProblems,
  type TPaymentForm,
  type TWizardErrors,
  validateBranches,
  validatePayment,
  withoutBranchPrefix,
} from './onboarding-model.ts';
import { OnboardingResult, onboardedCustomers, type TOnboardedCustomer } from './onboarding-result.tsx';

export const ONBOARDING_TEXTS = {
  success: 'Onboarding completed successfully!',
  failure: (message: string) => `Failed to complete onboarding: ${message}`,
} as const;

const METHOD_OPTIONS: { value: TManualPaymentMethod | ''; label: string }[] = [
  { value: '', label: 'Select payment method' },
  ...MANUAL_PAYMENT_METHODS.map((value) => ({ value, label: titleCase(methodLabel(value)) })),
];

/** /admin-dashboard/onboard-user: the 3-step wizard (customers, details, payment). */
export function OnboardUserScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const [active, setActive] = useState(0);
  const [countText, setCountText] = useState<string | number>(1);
  const [branches, setBranches] = useState<TBranchForm[]>([emptyBranch()]);
  const [payment, setPayment] = useState<TPaymentForm>(emptyPayment);
  const [errors, setErrors] = useState<TWizardErrors>({});
  const [codeChecks, setCodeChecks] = useState<Record<number, TCodeCheck | undefined>>({});
  const [done, setDone] = useState<TOnboardedCustomer[] | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const agentsQuery = useQuery(
    trpc.admin.agents.list.queryOptions({
      page: 1,
      limit: 100,
      status: 'active',
      sortBy: 'name',
      sortOrder: 'asc',
    }),
  );
  const agents = (agentsQuery.data?.agents ?? []).map((agent) => ({
    value: String(agent.id),
    label: `${agent.name} (${agent.code})`,
  }));
  const onboard = useMutation(trpc.admin.onboarding.create.mutationOptions());
  const busy = onboard.isPending;

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });

  const changeBranch = useCallback((index: number, patch: Partial<TBranchForm>) => {
    setBranches((current) => current.map((branch, i) => (i === index ? { ...branch, ...patch } : branch)));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[`branches.${index}.${field}`];
      return next;
    });
  }, []);

  const codeChecked = useCallback((index: number, check: TCodeCheck | undefined) => {
    setCodeChecks((current) => (current[index] === check ? current : { ...current, [index]: check }));
  }, []);

  const changePayment = <F extends keyof TPaymentForm>(field: F, value: TPaymentForm[F]) => {
    setPayment((current) => ({ ...current, [field]: value }));
    clearError(`payment.${field}`);
  };
  /** A payment text field's value, change handler and error; disabled while the onboarding runs. */
  const paymentText = (field: 'email' | 'pricingNotes' | 'additionalNotes') => ({
    value: payment[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      changePayment(field, event.currentTarget.value),
    error: errors[`payment.${field}`],
    disabled: busy,
  });

  const codeProblems = (): TCodeProblems =>
    Object.fromEntries(
      branches.map((branch, index) => {
        const check = codeChecks[index];
        const taken = check && !check.available && check.code === branch.code.trim().toLowerCase();
        return [index, taken ? check.message : undefined];
      }),
    );

  const toDetails = () => {
    const count = clampCustomerCount(countText);
    setCountText(count);
    setBranches((current) => resizeBranches(current, count));
    setErrors({});
    setActive(1);
  };

  const toPayment = () => {
    const result = validateBranches(branches, codeProblems());
    setErrors(result.errors);
    if (result.values) setActive(2);
  };

  const startOver = () => {
    setActive(0);
    setCountText(1);
    setBranches([emptyBranch()]);
    setPayment(emptyPayment());
    setErrors({});
    setCodeChecks({});
  };

  const complete = () => {
    const checkedBranches = validateBranches(branches, codeProblems());
    if (!checkedBranches.values) {
      setErrors(checkedBranches.errors);
      setActive(1);
      return;
    }
    const checkedPayment = validatePayment(payment);
    setErrors(checkedPayment.errors);
    if (!checkedPayment.values) return;

    const input = { branches: checkedBranches.values, payment: checkedPayment.values };
    onboard.mutate(input, {
      onSuccess: (result) => {
        notify.success(ONBOARDING_TEXTS.success, { autoClose: TIMINGS.toastOnboarding });
        setDone(onboardedCustomers(result, input.branches));
        void refresh();
        clearTimeout(resetTimer.current);
        resetTimer.current = setTimeout(startOver, TIMINGS.onboardingResetAfterSuccess);
      },
      onError: (error) => {
        const message = anyMessage(error);
        notify.error(ONBOARDING_TEXTS.failure(message), { autoClose: TIMINGS.toastOnboarding });
        const field = serverField(error);
        const branch = branchErrorField(field);
        if (branch) {
          setActive(1);
          setErrors({ [`branches.${branch.index}.${branch.field}`]: withoutBranchPrefix(message) });
        } else if (field?.startsWith('payment.')) {
          const key = field === 'payment.notes' ? 'payment.pricingNotes' : field;
          setErrors({ [key]: message });
        }
      },
    });
  };

  const count = branches.length;
  // Three labelled steps do not fit side by side on a 360 px phone.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <AdminPage title="Onboard User" description="Create up to 10 customer accounts with one manual payment.">
      {done ? <OnboardingResult customers={done} onDismiss={() => setDone(null)} /> : null}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stepper
          active={active}
          onStepClick={(step) => {
            if (step < active && !busy) setActive(step);
          }}
          allowNextStepsSelect={false}
          size="sm"
          orientation={orientation}
        >
          <Stepper.Step label="Customers" description="How many">
            <Stack gap="md" maw={360} mt="md">
              <NumberInput
                label="Number of customers"
                description={`${LIMITS.customersPerOnboardingMin} to ${LIMITS.customersPerOnboardingMax} branches or businesses`}
                min={LIMITS.customersPerOnboardingMin}
                max={LIMITS.customersPerOnboardingMax}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={countText}
                onChange={setCountText}
              />
              <Group>
                <Button onClick={toDetails}>Continue</Button>
              </Group>
            </Stack>
          </Stepper.Step>

          <Stepper.Step label="Customer details" description={`${count} customer${count === 1 ? '' : 's'}`}>
            <Stack gap="md" mt="md">
              {branches.map((branch, index) => (
                <BranchFields
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions (Customer 1, 2, ...)
                  key={index}
                  index={index}
                  branch={branch}
                  errors={errors}
                  onChange={changeBranch}
                  onCodeChecked={codeChecked}
                  agents={agents}
                  agentsLoading={agentsQuery.isPending}
                />
              ))}
              {Object.keys(errors).some((key) => key.startsWith('branches.')) ? (
                <Text size="sm" c="red.8" role="alert">
                  Please correct the highlighted fields.
                </Text>
              ) : null}
              <Group justify="space-between">
                <Button variant="default" onClick={() => setActive(0)}>
                  Back
                </Button>
                <Button onClick={toPayment}>Continue to Payment</Button>
              </Group>
            </Stack>
          </Stepper.Step>

          <Stepper.Step label="Payment" description="Manual payment">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy) complete();
              }}
            >
              <Stack gap="sm" mt="md" maw={720}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <NumberInput
                    label="Amount"
                    withAsterisk
                    description="Whole rupees for all customers together"
                    prefix="₹"
                    thousandSeparator=","
                    thousandsGroupStyle="lakh"
                    allowDecimal={false}
                    value={payment.amount}
                    onChange={(value) => changePayment('amount', value)}
                    error={errors['payment.amount']}
                    disabled={busy}
                  />
                  <NativeSelect
                    label="Payment method"
                    withAsterisk
                    data={METHOD_OPTIONS}
                    value={payment.paymentMethod}
                    onChange={(event) =>
                      changePayment('paymentMethod', event.currentTarget.value as TManualPaymentMethod | '')
                    }
                    error={errors['payment.paymentMethod']}
                    disabled={busy}
                  />
                </SimpleGrid>
                <TextInput
                  label="Email"
                  withAsterisk
                  type="email"
                  description="The set-password links and the receipt go to this address."
                  {...paymentText('email')}
                />
                <Textarea
                  label="Pricing notes"
                  withAsterisk
                  description="Why was this price given?"
                  rows={3}
                  {...paymentText('pricingNotes')}
                />
                <Textarea label="Additional notes (optional)" rows={2} {...paymentText('additionalNotes')} />
                <Group justify="space-between" mt="xs">
                  <Button variant="default" onClick={() => setActive(1)} disabled={busy}>
                    Back
                  </Button>
                  <Button type="submit" disabled={busy}>
                    {busy ? 'Processing...' : 'Complete Onboarding'}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>
        </Stepper>
      </Paper>
    </AdminPage>
  );
}
