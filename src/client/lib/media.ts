import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the screens lay lists out as cards. */
export const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * Whether a media query matches now, following changes. Where the browser cannot tell (no matchMedia,
 * as in the test DOM) it answers false: the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
