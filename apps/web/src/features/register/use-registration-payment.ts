import {
  PAYMENT_TEXTS,
  resolveRegistrationPlan,
  type TAccountBillingWrite,
  type TRegistrationForm,
} from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { notify } from '../../components/notify.ts';
import { messageOr, serverField } from '../../lib/api-errors.ts';
import { SIGN_IN_PATHS, setStoredPhone } from '../../lib/auth.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { useCompleteOwnerSignIn } from '../auth/use-complete-sign-in.ts';
import { GATEWAY_LOAD_ERROR, openCheckout, PaymentGatewayLoadError } from './payment-gateway.ts';
import { formFieldOf, type TRegistrationField, toUserData } from './registration-values.ts';

/** Spec section 8 (payment start) and section 4 (registration flow), verbatim. */
export const PAYMENT_TEXT = {
  fillFormFirst: 'Please fill the registration form first',
  initiateFailed: 'Failed to initiate payment',
  initiateError: 'Error initiating payment',
  gatewayLoadFailed: GATEWAY_LOAD_ERROR,
  failed: (description: string | undefined) => `Payment failed: ${description || 'Please try again'}`,
  cancelled: 'Payment cancelled',
  processing: 'Payment processing... please wait for confirmation.',
  welcome: 'Payment successful! Welcome to StarLoop.',
  verifyFailed: PAYMENT_TEXTS.verificationFailed,
  signInToContinue: PAYMENT_TEXTS.paymentAlreadyVerified,
} as const;

const PROCESSING_TOAST_ID = 'register-payment-processing';

export type TPaymentPhase = 'idle' | 'initiating' | 'checkout' | 'verifying';

/** How a payment attempt ended, for the page to move between steps. */
export type TPaymentOutcome =
  | { kind: 'invalid' }
  | { kind: 'field-error'; field: TRegistrationField; message: string }
  | { kind: 'stopped' }
  | { kind: 'verify-failed'; message: string }
  /** Captured, but after the phone or code was taken: applied to nobody, refunded. */
  | { kind: 'needs-refund'; message: string }
  /** Captured and applied, but not by this call (the webhook was first): sign in by hand. */
  | { kind: 'paid-sign-in' }
  | { kind: 'signed-in' };

/**
 * The registration payment: payments.initiate (creates the pending owner and the order), the
 * gateway (Razorpay Checkout or the test dialog), payments.verify, then signed in on /dashboard.
 */
export function useRegistrationPayment() {
  const trpc = useTrpc();
  const initiate = useMutation(trpc.payments.initiate.mutationOptions());
  const completeTest = useMutation(trpc.payments.testGateway.complete.mutationOptions());
  const verify = useMutation(trpc.payments.verify.mutationOptions());
  const completeSignIn = useCompleteOwnerSignIn();
  const router = useRouter();
  const [phase, setPhase] = useState<TPaymentPhase>('idle');

  const pay = useCallback(
    async (
      form: TRegistrationForm | undefined,
      planName: string,
      hooks: { onVerified?: () => void; billing?: TAccountBillingWrite } = {},
    ): Promise<TPaymentOutcome> => {
      if (!form) {
        notify.error(PAYMENT_TEXT.fillFormFirst);
        return { kind: 'invalid' };
      }
      const plan = resolveRegistrationPlan(planName || form.plan);
      setPhase('initiating');
      try {
        let order: Awaited<ReturnType<typeof initiate.mutateAsync>>;
        try {
          order = await initiate.mutateAsync({
            userData: toUserData(form),
            plan: plan.name,
            amount: plan.amount,
            ...(hooks.billing ? { billing: hooks.billing } : {}),
          });
        } catch (error) {
          const message = messageOr(error, PAYMENT_TEXT.initiateError);
          notify.error(message);
          const field = formFieldOf(serverField(error));
          return field ? { kind: 'field-error', field, message } : { kind: 'stopped' };
        }
        if (!order?.orderId) {
          notify.error(PAYMENT_TEXT.initiateFailed);
          return { kind: 'stopped' };
        }

        setPhase('checkout');
        let result: Awaited<ReturnType<typeof openCheckout>>;
        try {
          result = await openCheckout(
            order,
            {
              name: form.name,
              email: form.email,
              contact: form.phone,
              notes: { businessName: form.businessName, code: form.code },
            },
            { completeTestPayment: (input) => completeTest.mutateAsync(input) },
          );
        } catch (error) {
          notify.error(
            error instanceof PaymentGatewayLoadError ? error.message : PAYMENT_TEXT.gatewayLoadFailed,
          );
          return { kind: 'stopped' };
        }
        if (result.status === 'cancelled') {
          notify.info(PAYMENT_TEXT.cancelled);
          return { kind: 'stopped' };
        }
        if (result.status === 'failed') {
          notify.error(PAYMENT_TEXT.failed(result.description));
          return { kind: 'stopped' };
        }

        setPhase('verifying');
        notify.info(PAYMENT_TEXT.processing, { id: PROCESSING_TOAST_ID, autoClose: false });
        try {
          const answer = await verify.mutateAsync(result.response);
          notify.hide(PROCESSING_TOAST_ID);
          if (answer.needsRefund) {
            const message = answer.message ?? PAYMENT_TEXT.verifyFailed;
            notify.error(message);
            return { kind: 'needs-refund', message };
          }
          hooks.onVerified?.();
          // Only the call that captured the payment signs in; otherwise the account is ready.
          if (!answer.token) {
            notify.success(answer.message ?? PAYMENT_TEXT.signInToContinue);
            setStoredPhone(form.phone);
            await router.navigate({ to: SIGN_IN_PATHS.owner, replace: true });
            return { kind: 'paid-sign-in' };
          }
          notify.success(PAYMENT_TEXT.welcome);
          await completeSignIn({ token: answer.token, user: answer.user });
          return { kind: 'signed-in' };
        } catch (error) {
          notify.hide(PROCESSING_TOAST_ID);
          const message = messageOr(error, PAYMENT_TEXT.verifyFailed);
          notify.error(message);
          return { kind: 'verify-failed', message };
        }
      } finally {
        setPhase('idle');
      }
    },
    [initiate, completeTest, verify, completeSignIn, router],
  );

  return { pay, phase };
}
