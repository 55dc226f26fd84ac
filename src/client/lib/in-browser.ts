import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and while React takes over a first screen the server drew (decision 300), true
 * after: what only the browser knows (the stored theme, a chunk already loaded) is drawn once the
 * markup is React's, so that taking it over finds exactly what the server sent.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
