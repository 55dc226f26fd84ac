import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { SettingsService } from './settings/service.js';

/** What every feature's routes receive from buildApp; each builds its own service from these. */
export interface FeatureDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  settings: SettingsService;
}
