import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirError, lockDataDir } from './data-dir-lock.js';

/**
 * The embedded database's place in DATA_DIR, and what an embedded restore leaves there while it
 * runs: the backup is opened in `db.restoring`, then `db` is renamed to `db.previous` and
 * `db.restoring` to `db` (decision 206).
 */
export const DATABASE_FOLDER = 'db';
export const RESTORING_FOLDER = 'db.restoring';
export const PREVIOUS_FOLDER = 'db.previous';

/** Owner only: read, write and enter. PGlite chooses its own files' modes; this folder hides them. */
const PRIVATE_FOLDER = 0o700;

/** Creates `path` readable by its owner only, or takes group's and others' rights from one that exists. */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER });
  try {
    // mkdir's mode is narrowed by the umask but never widened; an existing folder keeps its own.
    chmodSync(path, PRIVATE_FOLDER);
  } catch (err) {
    throw new DataDirError(
      `The folder ${path} cannot be made private to its owner (${(err as NodeJS.ErrnoException).code}): run OrderFlow as the user that owns it`,
    );
  }
}

export const holdsDatabase = (path: string) => existsSync(join(path, 'PG_VERSION'));

/**
 * Makes DATA_DIR private, takes its lock (see `lockDataDir`) and settles what an interrupted restore
 * left: a restore is done once its folder is named `db`. Before that the database it set aside is
 * put back; after it the set-aside one is removed. A half-written `db.restoring` is removed either
 * way and is never opened. Returns the database's folder and the lock's release.
 */
export function openDataDir(dataDir: string): { databasePath: string; release: () => void } {
  makePrivateFolder(dataDir);
  const release = lockDataDir(dataDir);
  try {
    const databasePath = join(dataDir, DATABASE_FOLDER);
    const previous = join(dataDir, PREVIOUS_FOLDER);
    if (!holdsDatabase(databasePath) && holdsDatabase(previous)) {
      // Stopped between its two renames: the restored copy never became the database.
      rmSync(databasePath, { recursive: true, force: true });
      renameSync(previous, databasePath);
    }
    rmSync(previous, { recursive: true, force: true });
    rmSync(join(dataDir, RESTORING_FOLDER), { recursive: true, force: true });
    makePrivateFolder(databasePath);
    return { databasePath, release };
  } catch (err) {
    release();
    throw err;
  }
}
