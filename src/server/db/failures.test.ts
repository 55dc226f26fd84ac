import { describe, expect, it } from 'vitest';
import { isConnectionLost, isDiskFull, StorageWatch } from './failures.js';

/** An error as drizzle throws it: its own message, the driver's error as `cause`. */
function wrapped(cause: object) {
  return Object.assign(new Error('Failed query: insert into orders ...'), { cause });
}

describe('telling database failures apart', () => {
  it.each([
    ['a terminated connection (57P01)', wrapped({ code: '57P01', message: 'terminating connection' })],
    ['a server starting up (57P03)', { code: '57P03', message: 'the database system is starting up' }],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a transaction on a broken connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['an embedded database that has closed', wrapped(new Error('PGlite is closed'))],
    ['a pool that has ended', new Error('Cannot use a pool after calling end on the pool')],
  ])('%s is a lost connection, not a full disk', (_name, error) => {
    expect(isConnectionLost(error)).toBe(true);
    expect(isDiskFull(error)).toBe(false);
  });

  it.each([
    ['PostgreSQL disk_full (53100)', wrapped({ code: '53100', message: 'could not extend file' })],
    ['ENOSPC from the file system', Object.assign(new Error('write failed'), { code: 'ENOSPC' })],
  ])('%s is a full disk', (_name, error) => {
    expect(isDiskFull(error)).toBe(true);
    expect(isConnectionLost(error)).toBe(false);
  });

  it('a constraint violation or a plain bug is neither', () => {
    for (const error of [
      wrapped({ code: '23505', message: 'duplicate key' }),
      new TypeError('x is undefined'),
    ]) {
      expect(isConnectionLost(error)).toBe(false);
      expect(isDiskFull(error)).toBe(false);
    }
  });
});

describe('the storage watch', () => {
  it('is full from a write refused for space until a probe write succeeds', async () => {
    const watch = new StorageWatch();
    expect(watch.noteFailure(new Error('unrelated'))).toBe(false);
    expect(watch.full).toBe(false);
    expect(watch.noteFailure({ code: '53100' })).toBe(true);
    expect(watch).toMatchObject({ full: true, refusedWrites: 1 });
    expect(await watch.recheck(() => Promise.reject({ code: '53100' }))).toBe(true);
    await expect(watch.recheck(() => Promise.reject(new Error('Connection terminated')))).rejects.toThrow();
    expect(watch.full).toBe(true);
    expect(await watch.recheck(() => Promise.resolve())).toBe(false);
    expect(watch).toMatchObject({ full: false, refusedWrites: 1 });
  });
});
