import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '../components/ui/use-toast';
import { changeLocale, initI18n } from '../i18n';
import { provideTexts } from '../lib/texts';
import { preloadToaster } from '../providers';
import { WAIT_CAP_MS } from './wait-cap';

// Every English catalogue up front, so screens render their English texts synchronously; a test that
// switches language loads the others the way the browser does.
const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', {
  eager: true,
});
const englishByNamespace = Object.fromEntries(
  Object.entries(english).map(([path, module]) => [
    path.replace(/^.*\/(\w[\w-]*)\.json$/, '$1'),
    module.default,
  ]),
);
await preloadToaster();
await initI18n('en', { en: englishByNamespace });
// The sign-in screen's light texts read the same catalogues.
for (const [namespace, messages] of Object.entries(englishByNamespace))
  provideTexts('en', namespace, messages);

// The first render of a lazy page transforms its modules on demand; on a busy 2-CPU machine that alone
// passes the 1 s default of findBy* (and has passed 5 s): a wait ends when its condition holds, and
// only a wait that never holds runs to the cap.
configure({ asyncUtilTimeout: WAIT_CAP_MS });

let consoleErrors: unknown[][] = [];

/** The shells open the live connection; in client tests it stays connecting unless a test fakes it. */
class InertWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onerror = null;
  onclose = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}

beforeEach(() => {
  consoleErrors = [];
  vi.stubGlobal('WebSocket', InertWebSocket);
  // React reports act() warnings, key warnings and failed prop types through console.error; a test
  // that triggers one is hiding a bug, so it fails.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  // Also puts <html lang> back, which a switch on the sign-in screen changes without i18next.
  await changeLocale('en');
});

afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length} time(s); first: ${first}`);
  }
});
