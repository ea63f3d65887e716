import { resolveRegistrationPlan } from '@starloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { GATEWAY_LOAD_ERROR, openCheckout } from '../../register/payment-gateway.ts';
import { useOwner } from '../shared/use-owner.ts';

export type TPlanPurpose = 'renewal' | 'upgrade';

/** The registration flow's messages (spec sections 4 and 8), shown the same way here. */
export const PAYMENT_MESSAGES = {
  initiateFailed: 'Failed to initiate payment',
  initiateError: 'Error initiating payment',
  gatewayLoadFailed: GATEWAY_LOAD_ERROR,
  cancelled: 'Payment cancelled',
  failed: (description: string | undefined) => `Payment failed: ${description || 'Please try again'}`,
  processing: 'Payment processing... please wait for confirmation.',
  renewed: 'Payment received. Your plan is renewed.',
  upgraded: 'Payment received. Welcome to the Professional plan!',
} as const;

/** The 'processing' toast stays until the server has answered. */
const PROCESSING_TOAST_ID = 'owner-plan-payment-processing';
/** Payment toasts stay a little longer than the app's 3 s: money deserves a second look. */
const TOAST = { autoClose: 5000 } as const;

/**
 * Renew (same plan) or upgrade to Professional: owner.plan.createOrder, then the payment gateway
 * (Razorpay Checkout, or the labelled test-payment dialog), then payments.verify, then the plan and
 * profile are fetched again.
 */
export function usePlanCheckout(currentPlan: string | undefined) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const owner = useOwner();
  const createOrder = useMutation(trpc.owner.plan.createOrder.mutationOptions());
  const verify = useMutation(trpc.payments.verify.mutationOptions());
  // The test gateway's dialog completes through this app's own client (same server, same fetch).
  const completeTest = useMutation(trpc.payments.testGateway.complete.mutationOptions());
  const [busy, setBusy] = useState<TPlanPurpose | null>(null);

  const pay = useCallback(
    async (purpose: TPlanPurpose) => {
      const plan = purpose === 'upgrade' ? 'professional' : resolveRegistrationPlan(currentPlan).key;
      setBusy(purpose);
      try {
        let order: Awaited<ReturnType<typeof createOrder.mutateAsync>>;
        try {
          order = await createOrder.mutateAsync({ plan, purpose });
        } catch (error) {
          notify.error(anyMessage(error, PAYMENT_MESSAGES.initiateError), TOAST);
          return;
        }
        if (!order?.orderId) {
          notify.error(PAYMENT_MESSAGES.initiateFailed, TOAST);
          return;
        }

        const profile = owner.data;
        let result: Awaited<ReturnType<typeof openCheckout>>;
        try {
          result = await openCheckout(
            order,
            {
              name: profile?.name ?? '',
              contact: profile?.contactNumber ?? '',
              ...(profile?.email ? { email: profile.email } : {}),
              notes: { businessName: profile?.businessName ?? '', code: profile?.code ?? '', purpose },
            },
            { completeTestPayment: (input) => completeTest.mutateAsync(input) },
          );
        } catch {
          notify.error(PAYMENT_MESSAGES.gatewayLoadFailed, TOAST);
          return;
        }

        if (result.status === 'cancelled') {
          notify.info(PAYMENT_MESSAGES.cancelled, TOAST);
          return;
        }
        if (result.status === 'failed') {
          notify.error(PAYMENT_MESSAGES.failed(result.description), TOAST);
          return;
        }

        notify.info(PAYMENT_MESSAGES.processing, { id: PROCESSING_TOAST_ID, autoClose: false });
        try {
          // A renewal's answer carries no token: this browser keeps the session it already has.
          await verify.mutateAsync(result.response);
          notify.hide(PROCESSING_TOAST_ID);
          notify.success(purpose === 'upgrade' ? PAYMENT_MESSAGES.upgraded : PAYMENT_MESSAGES.renewed, TOAST);
        } catch (error) {
          notify.hide(PROCESSING_TOAST_ID);
          notify.error(anyMessage(error, 'Payment verification failed'), TOAST);
        }
        // Captured or not, the server knows best: show its view of the plan and the history.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.owner.plan.get.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.owner.me.queryKey() }),
        ]);
      } finally {
        setBusy(null);
      }
    },
    [createOrder, verify, completeTest, owner.data, currentPlan, queryClient, trpc],
  );

  return { pay, busy };
}
