/** The onboarding calls (customer spec §7): the public config for the map key, and the submission. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OnboardingSubmit } from '../../../shared/schemas/onboarding.js';
import type { OrderItemDto } from '../../../shared/schemas/orders.js';
import { ApiError, apiJson } from '../../lib/api';
import { useInvalidateOrder } from '../orders/api';

export interface PublicConfig {
  googleMapsApiKey: string | null;
  isDevelopment: boolean;
}

export const configKeys = { public: ['config'] as const };

export function usePublicConfig() {
  return useQuery({
    queryKey: configKeys.public,
    queryFn: () => apiJson<PublicConfig>('GET', '/api/config'),
  });
}

export interface OnboardingSubmitted {
  message: string;
  item: OrderItemDto;
}

export const onboardingKeys = {
  submit: (orderItemId: number) => ['onboarding', 'submit', orderItemId] as const,
};

/** Submits the form; on success the order (list, order, items) is refreshed, then the caller hears. */
export function useSubmitOnboarding(orderItemId: number, options: { onSuccess: () => void }) {
  const invalidateOrder = useInvalidateOrder();
  return useMutation({
    mutationKey: onboardingKeys.submit(orderItemId),
    mutationFn: (body: OnboardingSubmit) =>
      apiJson<OnboardingSubmitted>('POST', '/api/onboarding/submit', body),
    onSuccess: (_answer, body) => {
      void invalidateOrder(body.orderId);
      options.onSuccess();
    },
  });
}

/** The per-field messages of a 400 answer ({message, fields}), or an empty object. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (!parsed || typeof parsed !== 'object' || !('fields' in parsed)) return {};
    const { fields } = parsed;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}
