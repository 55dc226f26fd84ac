/** The onboarding submission. */
import { useMutation } from '@tanstack/react-query';
import { onboardingRoutes } from '../../../shared/routes/onboarding.js';
import type { OnboardingSubmit } from '../../../shared/schemas/onboarding.js';
import { callApi } from '../../lib/call-api';
import { useInvalidateOrder } from '../orders/api';

export const onboardingKeys = {
  submit: (orderItemId: number) => ['onboarding', 'submit', orderItemId] as const,
};

/** Submits the form; on success the order (list, order, items) is refreshed, then the caller hears. */
export function useSubmitOnboarding(orderItemId: number, options: { onSuccess: () => void }) {
  const invalidateOrder = useInvalidateOrder();
  return useMutation({
    mutationKey: onboardingKeys.submit(orderItemId),
    mutationFn: (body: OnboardingSubmit) => callApi(onboardingRoutes.submit, { body }),
    onSuccess: (_answer, body) => {
      void invalidateOrder(body.orderId);
      options.onSuccess();
    },
  });
}
