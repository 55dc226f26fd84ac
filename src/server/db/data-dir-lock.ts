import { closeSync, fchmodSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tryLock } from 'fs-native-extensions';

/**
 * The embedded database may be opened by one process only: two PGlite processes writing one data
 * folder corrupt it (a seed run beside a running server once left a folder that no longer opened).
 *
 * The lock is the operating system's (decision 205): an exclusive lock on the lock file, held as long
 * as this process keeps the file open, which the kernel drops however the process ends. A crash can
 * therefore never leave the folder locked, even when the next process gets the same pid (a server
 * that is pid 1 in its container). The file itself stays; it only names the holder for the message.
 */
export const LOCK_FILE = 'orderflow.lock';

/** A data folder that cannot be used, in one line for the operator. */
export class DataDirError extends Error {}

export class DataDirInUseError extends DataDirError {}

interface LockOwner {
  pid: number;
  command: string;
}

function readOwner(path: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws one line naming the process that holds it; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const fd = openSync(path, 'a+', 0o600);
  let locked = false;
  try {
    locked = tryLock(fd);
  } finally {
    if (!locked) closeSync(fd);
  }
  if (!locked) {
    const owner = readOwner(path);
    throw new DataDirInUseError(
      owner
        ? `The data folder ${dataDir} is in use by process ${owner.pid} (${owner.command}): stop it first, or use another DATA_DIR`
        : `The data folder ${dataDir} is in use by another process: stop it first, or use another DATA_DIR`,
    );
  }
  const me: LockOwner = { pid: process.pid, command: process.argv.slice(1).join(' ') };
  fchmodSync(fd, 0o600);
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(me), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Closing the only open of the file is what gives the lock back.
    closeSync(fd);
  };
}
