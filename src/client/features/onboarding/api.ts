/** The onboarding submission. */
import { useMutation } from '@tanstack/react-query';
import type { OnboardingSubmit } from '../../../shared/schemas/onboarding.js';
import type { OrderItemDto } from '../../../shared/schemas/orders.js';
import { apiJson } from '../../lib/api';
import { useInvalidateOrder } from '../orders/api';

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
