import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '../components/ui/use-toast';

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  // React reports act() warnings, key warnings and failed prop types through console.error; a test
  // that triggers one is hiding a bug, so it fails (DESIGN §12).
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
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
