import type { FastifyBaseLogger } from 'fastify';

export interface RetryPolicy {
  /** The wait after the first failed attempt; each further failure doubles it. */
  retryBaseMs: number;
  /** The longest wait between two attempts. */
  retryMaxMs: number;
  /** After this many failed attempts a row is 'failed' until an admin retries it. */
  maxAttempts: number;
}

/** The wait after `attempts` failed attempts: base × 2^(attempts-1), capped. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.retryBaseMs * 2 ** exponent, policy.retryMaxMs);
}

export interface QueueBatch {
  /** Rows claimed and handled by this pass; 0 when none was due. */
  handled: number;
  /** When the next pending row falls due, if any: the runner wakes then rather than at the next poll. */
  nextDueAt: Date | null;
}

export interface QueueRunner {
  start(): void;
  /** Runs a pass soon (e.g. after something was queued); the poll remains the guarantee. */
  kick(): void;
  /** One pass over the due rows, after any pass already running. */
  runOnce(): Promise<QueueBatch>;
  /** Passes until no row is due now (rows waiting for a later retry stay queued). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` on a timer: every `pollMs`, sooner when a row falls due earlier. Passes of one runner
 * never overlap; several instances may run side by side because each pass claims its rows with
 * FOR UPDATE SKIP LOCKED. Timers are unref'd, so they never keep the process alive.
 */
export function createQueueRunner(options: {
  name: string;
  pollMs: number;
  log: FastifyBaseLogger;
  now: () => Date;
  pass: () => Promise<QueueBatch>;
}): QueueRunner {
  const { name, pollMs, log, pass } = options;
  let current: Promise<QueueBatch> = Promise.resolve({ handled: 0, nextDueAt: null });
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  function runOnce(): Promise<QueueBatch> {
    const next = current.catch(() => undefined).then(pass);
    current = next;
    return next;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  }

  let ticking = false;
  let again = false;

  async function tick() {
    if (!running) return;
    // A kick during a pass asks for one more pass after it, rather than a second loop alongside.
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    let wait = pollMs;
    try {
      let batch: QueueBatch;
      do {
        again = false;
        batch = await runOnce();
        // A full pass may leave more due rows behind: keep going while rows are handled.
      } while (running && (batch.handled > 0 || again));
      if (batch.nextDueAt) {
        wait = Math.min(pollMs, batch.nextDueAt.getTime() - options.now().getTime());
      }
    } catch (err) {
      log.warn({ err, queue: name }, 'queue pass failed; trying again at the next poll');
    } finally {
      ticking = false;
    }
    schedule(wait);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    kick() {
      schedule(0);
    },
    runOnce,
    async drain() {
      for (;;) {
        const batch = await runOnce();
        if (batch.handled === 0) return;
      }
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
}
