import { defineErrors } from '../lib/errors.js';

/**
 * The answers for a request the database could not serve: its connection was lost (a restart, an
 * administrator's terminate, an unreachable server), or the disk is full. The error handler turns any
 * error these functions recognise into one of them.
 */
export const databaseErrors = defineErrors({
  DATABASE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  DISK_FULL: 'INSUFFICIENT_STORAGE',
});

/** What a client is told to wait before trying again after a lost connection (Retry-After, seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), and class 57's shutdowns
 * (57P01 admin_shutdown: a terminate or a fast restart; 57P02 crash_shutdown; 57P03 cannot_connect_now:
 * starting up or shutting down).
 */
const LOST_STATES = /^(08...|57P0[123])$/;
/** Node's codes for a connection that could not be made or broke. */
const LOST_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * node-postgres and pg-pool say these in words only; so does a database handle that has closed (a
 * request still running while the process shuts down, or the embedded database after a fatal error of
 * its own), which must answer 503 rather than 500.
 */
const LOST_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'PGlite is closing',
];

/** The error and the errors it wraps (drizzle wraps a driver's error as `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** True when the error means the database connection was lost or could not be opened. */
export function isConnectionLost(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (LOST_STATES.test(code) || LOST_SOCKET_CODES.has(code)) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (LOST_MESSAGES.some((words) => message.includes(words))) return true;
  }
  return false;
}

/**
 * True when the error means a write failed for want of space: PostgreSQL's 53100 disk_full (also
 * what the embedded database reports when it cannot extend a file), or ENOSPC from the file system.
 */
export function isDiskFull(error: unknown): boolean {
  for (const link of chain(error)) {
    if (link.code === '53100' || link.code === 'ENOSPC') return true;
    if (typeof link.message === 'string' && link.message.includes('No space left on device')) return true;
  }
  return false;
}

/**
 * What this process knows of its storage: set when a write fails for want of space, cleared when a
 * write probe succeeds again. `/readyz` probes while it is set; `/metrics` shows it.
 */
export class StorageWatch {
  /** A write failed for want of space and no probe has succeeded since. */
  full = false;
  /** Writes answered 507 since the process started. */
  refusedWrites = 0;

  /** Notes a failed request's error; true when it was a want of space. */
  noteFailure(error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    this.full = true;
    this.refusedWrites++;
    return true;
  }

  /**
   * While full, runs `probe` (a small write); it succeeding clears the state. Resolves with whether the
   * storage is still full; a probe failing for another reason rejects with that error.
   */
  async recheck(probe: () => Promise<void>): Promise<boolean> {
    if (!this.full) return false;
    try {
      await probe();
    } catch (error) {
      if (isDiskFull(error)) return true;
      throw error;
    }
    this.full = false;
    return false;
  }
}
