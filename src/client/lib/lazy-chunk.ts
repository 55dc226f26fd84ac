import { type ComponentType, lazy } from 'react';

const RELOADED_AT_KEY = 'orderflow:reloaded-for-new-build';
/** A second failure this soon after the reload is not a new build: it is shown, not reloaded again. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page once when a chunk of the running build is gone, which is what a tab opened before a
 * deploy sees: the reload fetches the new build's index.html and its chunks. Answers false (and does
 * nothing) when it already reloaded within the last minute, so a broken build never loops.
 */
export function reloadOnceForNewBuild(storage: Storage = window.sessionStorage, now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  window.location.reload();
  return true;
}

/**
 * `React.lazy` for a page or dialog chunk that survives a deploy: a failed load reloads the page once
 * (the spinner stays while it does) and otherwise reaches the error boundary. `preload()` starts the
 * same load early (a page's first load fetches its screens alongside the session check).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  let loaded: { default: T } | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        if (reloadOnceForNewBuild()) return new Promise<never>(() => {});
        throw error;
      },
    );
    return loading;
  };
  // A chunk already loaded is handed over at once (React.lazy reads a thenable that has resolved
  // before it returns), so a screen preloaded in full renders without suspending: taking over a first
  // screen the server drew then finishes in one pass (src/client/full-app.tsx).
  const read = () =>
    loaded
      ? ({
          // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable; this one resolves at once
          then: (resolve: (module: { default: T }) => void) => resolve(loaded as { default: T }),
        } as Promise<{ default: T }>)
      : preload();
  return Object.assign(lazy(read), { preload });
}

/** Starts loading the chunk of a component made by lazyChunk; anything else is left alone. */
export function preloadComponent(component: unknown): Promise<void> {
  const preload = (component as { preload?: unknown } | null)?.preload;
  // A failure shows where the screen renders (the same promise reaches React.lazy).
  return typeof preload === 'function' ? preload().then(noop, noop) : Promise.resolve();
}

function noop() {}
