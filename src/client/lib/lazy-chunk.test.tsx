import { render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { WAIT_CAP_MS } from '../test/wait-cap';
import { lazyChunk, preloadComponent, reloadOnceForNewBuild } from './lazy-chunk';

const reload = vi.fn();
const realLocation = window.location;

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  // jsdom cannot reload; the spy records that the page asked to.
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
});

/** A chunk that a deploy removed: the dynamic import rejects as browsers do. */
const goneChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

function renderLazy(load: () => Promise<{ default: () => ReactElement }>) {
  const Page = lazyChunk(load);
  return render(
    <PageErrorBoundary>
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    </PageErrorBoundary>,
  );
}

describe('a page whose chunk is gone after a deploy', () => {
  it('reloads the page once and keeps the spinner while it does', async () => {
    renderLazy(goneChunk);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: WAIT_CAP_MS });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('shows a message with a Reload button, not a blank app, when it fails again right after the reload', async () => {
    reloadOnceForNewBuild(sessionStorage, Date.now());
    reload.mockReset();
    // React reports the error the boundary caught; that report is expected here, and only that one.
    const reported: unknown[][] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => reported.push(args));
    renderLazy(goneChunk);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(reported.map((args) => args.map(String).join(' '))).toEqual([
      expect.stringContaining('Failed to fetch dynamically imported module'),
    ]);
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, a minute after the last reload', () => {
    const t0 = 1_000_000;
    expect(reloadOnceForNewBuild(sessionStorage, t0)).toBe(true);
    expect(reloadOnceForNewBuild(sessionStorage, t0 + 59_000)).toBe(false);
    expect(reloadOnceForNewBuild(sessionStorage, t0 + 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('renders a chunk that loads, without reloading', async () => {
    renderLazy(() => Promise.resolve({ default: () => <h1>Orders</h1> }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads once when preloaded before it renders, and renders what the preload fetched', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <h1>Orders</h1> }));
    const Page = lazyChunk(load);
    preloadComponent(Page);
    preloadComponent(Page);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
