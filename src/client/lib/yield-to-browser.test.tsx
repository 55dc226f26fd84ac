import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yield-to-browser';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('yieldToBrowser', () => {
  it('resumes in a later task: work queued before it runs first, not after all the start-up', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const queued = new MessageChannel();
    queued.port1.onmessage = () => {
      order.push('queued task');
      queued.port1.close();
    };
    queued.port2.postMessage(null);
    await yieldToBrowser();
    order.push('resumed');
    expect(order).toEqual(['queued task', 'resumed']);
  });

  it("uses the browser's scheduler.yield where it has one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await yieldToBrowser();
    expect(yielded).toHaveBeenCalledOnce();
  });
});
