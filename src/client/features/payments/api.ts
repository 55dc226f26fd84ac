/** The payment calls, their query keys and hooks. */
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paymentRoutes } from '../../../shared/routes/payments.js';
import type { TestCheckoutOutcome } from '../../../shared/schemas/payments.js';
import { callApi } from '../../lib/call-api';

export const paymentKeys = {
  all: ['payments'] as const,
  session: (sessionId: string) => [...paymentKeys.all, 'session', sessionId] as const,
  testCheckout: (sessionId: string) => [...paymentKeys.all, 'test-checkout', sessionId] as const,
};

/** POST /api/order-items/:id/payment: the link to the unit's deposit checkout. */
export const requestPaymentLink = (itemId: number) =>
  callApi(paymentRoutes.startCheckout, { params: { id: itemId } });

/** GET /api/stripe/sessions/:id for the success page; nothing to ask without an id. */
export function useCheckoutSession(sessionId: string | null) {
  return useQuery({
    queryKey: paymentKeys.session(sessionId ?? ''),
    queryFn: sessionId ? () => callApi(paymentRoutes.session, { params: { sessionId } }) : skipToken,
  });
}

export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: paymentKeys.testCheckout(sessionId),
    queryFn: () => callApi(paymentRoutes.testCheckout, { params: { sessionId } }),
  });
}

/** The tester's choice on the test checkout; other tabs of the portal hear of it (announcePaymentUpdate). */
export function useCompleteTestCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: TestCheckoutOutcome) =>
      callApi(paymentRoutes.completeTestCheckout, { params: { sessionId }, body: { outcome } }),
    onSuccess: async () => {
      announcePaymentUpdate();
      await queryClient.invalidateQueries({ queryKey: paymentKeys.testCheckout(sessionId) });
    },
  });
}

/**
 * The payment page opens in another window; when it has news (a payment made, a success page shown)
 * it tells the portal's other tabs on this channel, so they refresh their orders at once.
 */
const CHANNEL = 'orderflow-payments';

export function announcePaymentUpdate() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'payment_update' });
  channel.close();
}

/**
 * While `active`, calls `onUpdate` when another tab announces a payment update, and when the customer
 * comes back to this tab (focus), since a payment provider's own page says nothing to this one.
 */
export function usePaymentUpdates(active: boolean, onUpdate: () => void) {
  useEffect(() => {
    if (!active) return;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = () => onUpdate();
    const onVisible = () => {
      if (document.visibilityState === 'visible') onUpdate();
    };
    window.addEventListener('focus', onUpdate);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      channel?.close();
      window.removeEventListener('focus', onUpdate);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, onUpdate]);
}
