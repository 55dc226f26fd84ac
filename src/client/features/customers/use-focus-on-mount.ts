import { useEffect, useRef } from 'react';

/** Moves focus into a panel when it opens, so keyboard users land on its first control. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
