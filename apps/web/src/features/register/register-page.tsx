import { Alert, Button, Checkbox, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import { resolveRegistrationPlan, ZAccountBillingWrite } from '@starloop/contract';
import { useCallback, useEffect, useState } from 'react';
import { BillingFields, billingValuesOf } from '../../components/billing-fields/billing-fields.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useForm } from '../../lib/use-form.ts';
import { AuthFooterLink, AuthLayout } from '../auth/auth-layout.tsx';
import type { TCodeAvailability } from './business-code-field.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { fieldId, RegistrationForm } from './registration-form.tsx';
import {
  clearRegistrationDraft,
  saveRegistrationDraft,
  type TRegistrationField,
} from './registration-values.ts';
import { useRegistrationForm } from './use-registration-form.ts';
import { type TPaymentPhase, useRegistrationPayment } from './use-registration-payment.ts';

export const REGISTER_TEXT = {
  title: 'Create your account',
  subtitle:
    'Three short steps: your details, your plan, then a secure payment. Your review page is live right after.',
  stepDetails: 'Details',
  stepPlan: 'Plan',
  stepPayment: 'Payment',
  back: 'Back to details',
  pay: (price: string) => `Pay ${price} and create account`,
  plusGst: 'Prices are before GST: 18% GST is added at checkout.',
  wantInvoice: 'I need a GST invoice in my business’s legal name',
  invoiceHint:
    'Optional: you can add these later on the Plan page. With a GSTIN you can claim input tax credit.',
  haveAccount: 'Already have an account?',
  login: 'Login',
  codeChecking: 'Please wait while we check the business code',
  checkout: 'Complete the payment in the checkout window.',
  processing: 'Payment processing... please wait for confirmation.',
  starting: 'Creating your order...',
  verifyHelp:
    'If money left your account, your subscription is activated automatically once the payment is confirmed: sign in with your phone number and password in a few minutes.',
  refundHelp:
    'Nothing was set up with this payment. If this is your business, sign in with your phone number, or register again with another business code.',
} as const;

const STEP = { details: 0, plan: 1, payment: 2 } as const;
/** Tighter than Mantine's defaults so the three steps stay on one line at 360 px. */
const STEPPER_STYLES = {
  separator: { marginInline: 4, minWidth: 8 },
  stepBody: { marginInlineStart: 6 },
  stepLabel: { fontSize: 'var(--mantine-font-size-sm)' },
  content: { paddingTop: 'var(--mantine-spacing-lg)' },
};

/** Moves focus to a field (the first one with an error after a failed submit). */
function focusField(field: TRegistrationField) {
  const target =
    field === 'plan'
      ? document.querySelector<HTMLElement>(`#${fieldId('plan')} [role="radio"]`)
      : document.getElementById(fieldId(field));
  target?.focus();
}

/** /register: the account form, then the plans, then the payment gateway (spec sections 2 and 4). */
export function RegisterPage() {
  const form = useRegistrationForm();
  const { values } = form;
  const [step, setStep] = useState<number>(STEP.details);
  // A code from a saved draft counts as chosen: do not overwrite it from the business name.
  const [codeEdited, setCodeEdited] = useState(() => values.code !== '');
  const [code, setCode] = useState<{ state: TCodeAvailability; message?: string | undefined }>({
    state: 'idle',
  });
  const [verifyError, setVerifyError] = useState<{ message: string; help: string } | undefined>();
  const { pay, phase } = useRegistrationPayment();
  const [wantsInvoice, setWantsInvoice] = useState(false);
  const billing = useForm(ZAccountBillingWrite, () => billingValuesOf());

  useEffect(() => saveRegistrationDraft(values), [values]);

  const codeTaken = code.state === 'taken';
  const onCodeAvailability = useCallback(
    (state: TCodeAvailability, message?: string) => setCode({ state, message }),
    [],
  );

  /** Every message shown; the parsed form when it is complete and the code is not known to be taken. */
  const checkReady = () => {
    const data = form.submit();
    return data && !codeTaken ? data : undefined;
  };

  const goToDetailsWithErrors = () => {
    setStep(STEP.details);
    const first = form.firstInvalidField();
    if (first) setTimeout(() => focusField(first), 0);
  };

  const onDetailsSubmit = () => {
    if (!checkReady()) {
      goToDetailsWithErrors();
      return;
    }
    setStep(STEP.plan);
  };

  const onPay = async () => {
    setVerifyError(undefined);
    const data = checkReady();
    if (!data) {
      await pay(undefined, values.plan);
      goToDetailsWithErrors();
      return;
    }
    const billingDetails = wantsInvoice ? billing.submit() : undefined;
    if (wantsInvoice && !billingDetails) return;
    setStep(STEP.payment);
    const outcome = await pay(data, values.plan, {
      onVerified: clearRegistrationDraft,
      ...(billingDetails ? { billing: billingDetails } : {}),
    });
    if (outcome.kind === 'signed-in' || outcome.kind === 'paid-sign-in') return;
    if (outcome.kind === 'field-error') {
      form.serverError(outcome.field, outcome.message);
      setStep(STEP.details);
      return;
    }
    if (outcome.kind === 'verify-failed')
      setVerifyError({ message: outcome.message, help: REGISTER_TEXT.verifyHelp });
    if (outcome.kind === 'needs-refund')
      setVerifyError({ message: outcome.message, help: REGISTER_TEXT.refundHelp });
    setStep(STEP.plan);
  };

  const busy = phase !== 'idle';
  const plan = values.plan ? resolveRegistrationPlan(values.plan) : undefined;

  return (
    <AuthLayout
      title={REGISTER_TEXT.title}
      subtitle={REGISTER_TEXT.subtitle}
      width="lg"
      footer={<AuthFooterLink question={REGISTER_TEXT.haveAccount} to="/login" label={REGISTER_TEXT.login} />}
    >
      <Stepper
        active={step}
        onStepClick={busy ? undefined : setStep}
        size="sm"
        iconSize={28}
        wrap={false}
        allowNextStepsSelect={false}
        styles={STEPPER_STYLES}
      >
        <Stepper.Step label={REGISTER_TEXT.stepDetails} allowStepSelect={!busy}>
          <RegistrationForm
            values={values}
            errors={form.errors}
            onChange={form.change}
            onBlur={form.blur}
            onSubmit={onDetailsSubmit}
            onCodeAvailability={onCodeAvailability}
            codeEdited={codeEdited}
            onCodeEdited={() => setCodeEdited(true)}
          />
        </Stepper.Step>
        <Stepper.Step label={REGISTER_TEXT.stepPlan} allowStepSelect={!busy}>
          <Stack gap="lg">
            {verifyError ? (
              <Alert color="red" variant="light" title={verifyError.message}>
                {verifyError.help}
              </Alert>
            ) : null}
            <PlanPicker
              selected={values.plan}
              onSelect={(name) => form.change({ plan: name })}
              disabled={busy}
            />
            <Text size="sm" c="dimmed">
              {REGISTER_TEXT.plusGst}
            </Text>
            <Stack gap="sm">
              <Checkbox
                label={REGISTER_TEXT.wantInvoice}
                description={REGISTER_TEXT.invoiceHint}
                checked={wantsInvoice}
                onChange={(event) => setWantsInvoice(event.currentTarget.checked)}
                disabled={busy}
              />
              {wantsInvoice ? <BillingFields form={billing} disabled={busy} /> : null}
            </Stack>
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => setStep(STEP.details)} disabled={busy}>
                {REGISTER_TEXT.back}
              </Button>
              <Button size="md" onClick={() => void onPay()} loading={busy}>
                {plan ? REGISTER_TEXT.pay(formatRupees(plan.price)) : 'Pay and create account'}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={REGISTER_TEXT.stepPayment} allowStepSelect={false}>
          <PaymentProgress phase={phase} />
        </Stepper.Step>
      </Stepper>
    </AuthLayout>
  );
}

function PaymentProgress({ phase }: { phase: TPaymentPhase }) {
  const text =
    phase === 'verifying'
      ? REGISTER_TEXT.processing
      : phase === 'checkout'
        ? REGISTER_TEXT.checkout
        : REGISTER_TEXT.starting;
  return (
    <Stack align="center" gap="md" py="xl" role="status">
      <Loader />
      <Text ta="center">{text}</Text>
    </Stack>
  );
}
