import { type RestoreStep, restoreDatabase } from '../db/backup.js';

/**
 * `restore-until.ts STEP FILE` restores FILE into DATA_DIR (or DATABASE_URL's server) and stops at STEP:
 * it prints `paused at STEP` and waits to be killed, so a test can kill a restore at a known point.
 */
const [step, file] = process.argv.slice(2) as [RestoreStep, string];
const target = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL }
  : { dataDir: process.env.DATA_DIR ?? '' };
await restoreDatabase(target, file, {
  key: process.env.BACKUP_KEY,
  async onStep(reached) {
    if (reached !== step) return;
    console.log(`paused at ${step}`);
    // A pending promise alone would let node exit: a timer keeps the process waiting for its kill.
    await new Promise(() => setInterval(() => {}, 60_000));
  },
});
console.log('restored');
