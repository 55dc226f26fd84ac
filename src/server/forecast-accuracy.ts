import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirError } from './db/data-dir-lock.js';
import { createForecastService } from './features/forecast/index.js';
import { createSettingsService } from './features/settings/index.js';
import { systemClock } from './lib/clock.js';

/** `npm run forecast:accuracy`: the back-test of the delivery estimates on this database's deliveries. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const settings = createSettingsService({ db: database.db, clock: systemClock, config });
  const forecast = createForecastService({ db: database.db, clock: systemClock, settings });
  const started = performance.now();
  const accuracy = await forecast.accuracy();
  const took = Math.round(performance.now() - started);
  await database.close();

  const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
  const days = (value: number | null) => (value === null ? '–' : `${value} days`);
  console.log(`Delivered units tested:        ${accuracy.units}`);
  console.log(`  estimated from history:      ${accuracy.byBasis.history}`);
  console.log(`  estimated from the defaults: ${accuracy.byBasis.defaults}`);
  console.log(`Delivered inside their window: ${percent(accuracy.coverage)}`);
  console.log(`Mean absolute error:           ${days(accuracy.meanAbsoluteErrorDays)}`);
  console.log(`Mean window width:             ${days(accuracy.meanWindowDays)}`);
  console.log(
    `Baseline (mean PRODUCTION → delivery of ${days(accuracy.baseline.meanProductionToDeliveryDays)}): ` +
      `mean absolute error ${days(accuracy.baseline.meanAbsoluteErrorDays)}`,
  );
  console.log(`(computed in ${took} ms)`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirError ? err.message : err);
  process.exit(1);
});
