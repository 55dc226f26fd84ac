import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database may be opened by one process only: two PGlite processes writing one data
 * folder corrupt it (a seed run beside a running server once left a folder that no longer opened).
 * A lock file holding the owner's pid and command is created exclusively; a lock whose process is
 * gone is taken over.
 */
export const LOCK_FILE = 'orderflow.lock';

export class DataDirInUseError extends Error {}

interface LockOwner {
  pid: number;
  command: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
  const me: LockOwner = { pid: process.pid, command: process.argv.slice(1).join(' ') };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const release = () => {
        if (readOwner(path)?.pid === me.pid) unlinkSync(path);
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(path);
      if (owner && (owner.pid === me.pid || alive(owner.pid))) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by process ${owner.pid} (${owner.command}): stop it first, or use another DATA_DIR`,
        );
      }
      // Left by a process that is gone (killed, crashed): take it over.
      unlinkSync(path);
    }
  }
  throw new DataDirInUseError(`The data folder ${dataDir} is being locked by another process: try again`);
}
