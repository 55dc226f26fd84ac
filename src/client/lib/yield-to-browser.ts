/**
 * Ends the current task so the browser can paint and answer input before the next piece of start-up
 * work: `scheduler.yield()` where the browser has it (the continuation goes ahead of other queued
 * tasks), else a new task through a message (not a timer, which browsers may hold back by 4 ms).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
