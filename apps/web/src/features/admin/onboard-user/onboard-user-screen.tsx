import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  useMatches,
} from '@mantine/core';
import {
  LIMITS,
  MANUAL_PAYMENT_METHODS,
  ONBOARDING_PLANS,
  PLANS,
  resolveRegistrationPlan,
  TIMINGS,
  type TManualPaymentMethod,
} from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { PlanSummary } from '../../../components/plan-summary/plan-summary.tsx';
import { anyMessage, serverField } from '../../../lib/api-errors.ts';
import { methodLabel, titleCase } from '../../../lib/format.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';
import { BranchFields } from './branch-fields.tsx';
import {
  branchErrorField,
  clampCustomerCount,
  customersSchema,
  emptyBranch,
  emptyPayment,
  paymentErrorField,
  resizeBranches,
  type TBranchForm,
  type TCodeCheck,
  type TCodeChecks,
  type TCustomersForm,
  type TStepErrors,
  withoutBranchLabel,
  ZPaymentStep,
} from './onboarding-model.ts';
import { OnboardingResult, onboardedCustomers, type TOnboardedCustomer } from './onboarding-result.tsx';

type TOnboardingPlan = (typeof ONBOARDING_PLANS)[number];

export const ONBOARDING_TEXTS = {
  oneAccount: 'These customers are branches of one business',
  oneAccountHint:
    'One account: the first customer is its owner and signs in for every branch. Leave it off for separate businesses.',
  plan: 'Plan',
  success: 'Onboarding completed successfully!',
  failure: (message: string) => `Failed to complete onboarding: ${message}`,
} as const;

const METHOD_OPTIONS: { value: TManualPaymentMethod | ''; label: string }[] = [
  { value: '', label: 'Select payment method' },
  ...MANUAL_PAYMENT_METHODS.map((value) => ({ value, label: titleCase(methodLabel(value)) })),
];

/** Drops the errors of the given paths (a block's edited fields). */
function without(errors: TStepErrors, keys: readonly string[]) {
  if (!keys.some((key) => key in errors)) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

/** /admin-dashboard/onboard-user: the 3-step wizard (customers, details, payment). */
export function OnboardUserScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const [active, setActive] = useState(0);
  const [countText, setCountText] = useState<string | number>(1);
  const [codeChecks, setCodeChecks] = useState<TCodeChecks>({});
  // Step 1: separate businesses (an account each) or branches of one; and their plan.
  const [oneAccount, setOneAccount] = useState(false);
  const [plan, setPlan] = useState<TOnboardingPlan>('Essential');
  // Steps 2 and 3: the contract's customers and payment; editing a field clears its message.
  const customersStep = useMemo(() => customersSchema(codeChecks, { oneAccount }), [codeChecks, oneAccount]);
  const customers = useForm(customersStep, (): TCustomersForm => ({ branches: [emptyBranch()] }));
  const payment = useForm(ZPaymentStep, emptyPayment);
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

  const branches = customers.values.branches;
  const changeBranch = (index: number, patch: Partial<TBranchForm>) => {
    customers.setField(
      'branches',
      branches.map((branch, i) => (i === index ? { ...branch, ...patch } : branch)),
    );
    customers.setErrors((shown) =>
      without(
        shown,
        Object.keys(patch).map((field) => `branches.${index}.${field}`),
      ),
    );
  };

  const codeChecked = useCallback((index: number, check: TCodeCheck | undefined) => {
    setCodeChecks((current) => (current[index] === check ? current : { ...current, [index]: check }));
  }, []);

  const toDetails = () => {
    const count = clampCustomerCount(countText);
    setCountText(count);
    customers.reset({ branches: resizeBranches(branches, count) });
    payment.setErrors({});
    setActive(1);
  };

  const toPayment = () => {
    if (!customers.submit()) return;
    payment.setErrors({});
    setActive(2);
  };

  const startOver = () => {
    setActive(0);
    setCountText(1);
    customers.reset({ branches: [emptyBranch()] });
    payment.reset(emptyPayment());
    setCodeChecks({});
  };

  const complete = () => {
    // The codes may have been checked again since step 2.
    const checkedBranches = customers.submit();
    if (!checkedBranches) {
      payment.setErrors({});
      setActive(1);
      return;
    }
    const checkedPayment = payment.submit();
    if (!checkedPayment) return;

    const input = { branches: checkedBranches, payment: checkedPayment, oneAccount, plan };
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
        const paymentField = paymentErrorField(field);
        if (branch) {
          setActive(1);
          customers.setErrors({
            [`branches.${branch.index}.${branch.field}`]: withoutBranchLabel(message, branch.index),
          });
        } else if (paymentField) {
          payment.setErrors({ [paymentField]: message });
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
              <Checkbox
                label={ONBOARDING_TEXTS.oneAccount}
                description={ONBOARDING_TEXTS.oneAccountHint}
                checked={oneAccount}
                onChange={(event) => setOneAccount(event.currentTarget.checked)}
              />
              <Select
                label={ONBOARDING_TEXTS.plan}
                data={[...ONBOARDING_PLANS]}
                value={plan}
                allowDeselect={false}
                onChange={(value) => value && setPlan(value as TOnboardingPlan)}
              />
              <PlanSummary plan={PLANS[resolveRegistrationPlan(plan).key]} />
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
                  errors={customers.errors}
                  onChange={changeBranch}
                  onCodeChecked={codeChecked}
                  agents={agents}
                  agentsLoading={agentsQuery.isPending}
                />
              ))}
              {customers.hasErrors ? (
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
            <form noValidate onSubmit={submitHandler(complete, busy)}>
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
                    value={payment.values.amount}
                    onChange={(value) => payment.setField('amount', value)}
                    error={payment.errors.amount}
                    disabled={busy}
                  />
                  <NativeSelect
                    label="Payment method"
                    withAsterisk
                    data={METHOD_OPTIONS}
                    value={payment.values.paymentMethod}
                    onChange={(event) =>
                      payment.setField(
                        'paymentMethod',
                        event.currentTarget.value as TManualPaymentMethod | '',
                      )
                    }
                    error={payment.errors.paymentMethod}
                    disabled={busy}
                  />
                </SimpleGrid>
                <TextInput
                  label="Email"
                  withAsterisk
                  type="email"
                  description="The set-password links and the receipt go to this address."
                  {...payment.input('email')}
                  disabled={busy}
                />
                <Textarea
                  label="Pricing notes"
                  withAsterisk
                  description="Why was this price given?"
                  rows={3}
                  {...payment.input('notes')}
                  disabled={busy}
                />
                <Textarea
                  label="Additional notes (optional)"
                  rows={2}
                  {...payment.input('additionalNotes')}
                  disabled={busy}
                />
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
