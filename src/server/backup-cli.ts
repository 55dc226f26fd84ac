import 'dotenv/config';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { BackupError, type BackupSource, backupDatabase, restoreDatabase } from './db/backup.js';
import { DataDirError } from './db/data-dir-lock.js';

/**
 * `npm run backup [FILE]` and `npm run restore FILE`: the whole database (DATABASE_URL's server, or
 * the embedded one in DATA_DIR) to and from one file.
 */
async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  const source: BackupSource = config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
  const where = config.databaseUrl
    ? 'the PostgreSQL server of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;

  if (command === 'backup') {
    const target = resolve(file ?? `backups/orderflow-${timestamp()}.backup`);
    const kind = await backupDatabase(source, target, { key: config.backupKey });
    console.log(`Backed up ${where} to ${target} (${kind}${config.backupKey ? ', encrypted' : ''}).`);
    return;
  }
  if (command === 'restore') {
    if (!file) throw new BackupError('Usage: npm run restore FILE (a file written by npm run backup)');
    try {
      const kind = await restoreDatabase(source, resolve(file), { key: config.backupKey });
      console.log(`Restored ${where} from ${resolve(file)} (${kind}).`);
    } catch (err) {
      if (err instanceof DataDirError) {
        throw new BackupError(`Restore refused, nothing was changed. ${err.message}`);
      }
      throw err;
    }
    return;
  }
  throw new BackupError('Usage: npm run backup [FILE] | npm run restore FILE');
}

function timestamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
}

main().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirError || err instanceof BackupError;
  console.error(known ? err.message : err);
  process.exit(1);
});
