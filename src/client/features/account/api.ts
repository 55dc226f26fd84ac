/**
 * The My Account calls: the profile (names and phone) and the shipping details of the latest order.
 * Both write into caches other screens read: the session user (greeting, sidebar) and the order list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { accountRoutes } from '../../../shared/routes/account.js';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import type { ProfileUpdate, ShippingAddressUpdate } from '../../../shared/schemas/user.js';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/call-api';
import { authKeys } from '../auth/session';
import { fetchSessionUser } from '../auth/session-call';
import { orderKeys } from '../orders/api';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please refresh the page and try again.';

/** The session check before a profile save found no session. */
export class SessionExpiredError extends Error {
  constructor() {
    super(SESSION_EXPIRED_MESSAGE);
    this.name = 'SessionExpiredError';
  }
}

/** What a profile save answers: the stored user, or null when the server failed with a 500. */
export async function saveProfile(update: Required<ProfileUpdate>): Promise<SessionUser | null> {
  // The session is checked before saving, so an expired one gets its own message. It is read past
  // the cache on purpose: a null in the session cache would make the guard leave the page before the
  // customer could read why.
  const current = await fetchSessionUser();
  if (!current) throw new SessionExpiredError();
  try {
    return await callApi(accountRoutes.updateProfile, { body: update });
  } catch (error) {
    // Kept quirk: a 500 from this call counts as success. The product this portal replaces stored the
    // profile and then failed while answering, so the customer was told it worked; we keep that, and
    // re-read the session afterwards instead of guessing what was stored.
    if (isApiError(error, 500)) return null;
    throw error;
  }
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(authKeys.user, user);
      else return queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

export const ORDERS_POLL_INTERVAL_MS = 1000;
export const ORDERS_POLL_DURATION_MS = 2000;

/**
 * Re-reads the order list every 1000 ms for 2 s (after a shipping update), so every view of the orders
 * catches up with the change. Stops when the caller unmounts.
 */
function usePollOrders(): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  return useCallback(() => {
    clearInterval(timer.current);
    let elapsed = 0;
    timer.current = setInterval(() => {
      elapsed += ORDERS_POLL_INTERVAL_MS;
      void queryClient.invalidateQueries({ queryKey: orderKeys.list(), exact: true });
      if (elapsed >= ORDERS_POLL_DURATION_MS) clearInterval(timer.current);
    }, ORDERS_POLL_INTERVAL_MS);
  }, [queryClient]);
}

export function saveShippingAddress(update: Required<ShippingAddressUpdate>): Promise<OrderDto> {
  return callApi(accountRoutes.updateShippingAddress, { body: update });
}

/** Updates the latest order's shipping address and phone (decision 25). */
export function useUpdateShippingAddress() {
  const queryClient = useQueryClient();
  const pollOrders = usePollOrders();
  return useMutation({
    mutationFn: saveShippingAddress,
    onSuccess: (order) => {
      // The answer is the updated order: show it at once, then poll so every other view catches up.
      if (order?.id !== undefined) {
        queryClient.setQueryData<OrderDto[]>(orderKeys.list(), (orders) =>
          orders?.map((o) => (o.id === order.id ? order : o)),
        );
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      }
      pollOrders();
    },
  });
}
