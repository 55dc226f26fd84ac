import { useState } from 'react';

interface CallHandlers<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

/**
 * One server call of a sign-in step and whether it is under way: the sign-in screen's own small
 * stand-in for a TanStack mutation (its first load has no room for TanStack Query).
 */
export function useCall<A, R>(call: (argument: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mutate = (argument: A, { onSuccess, onError }: CallHandlers<R> = {}) => {
    setPending(true);
    call(argument).then(
      (result) => {
        setPending(false);
        onSuccess?.(result);
      },
      (error: unknown) => {
        setPending(false);
        onError?.(error);
      },
    );
  };
  return { isPending, mutate };
}
