// `npm run db:template`: writes drizzle/initdb/pglite-<version>.tar.br, the bare cluster that the
// installed PGlite's initdb makes, which a new embedded database starts from (decision 236). Run it
// after upgrading PGlite; it removes the templates of other versions.
import { createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { create } from 'tar';
import { pgliteVersion, TEMPLATE_FOLDER, templateFile } from '../src/server/db/initdb-template.js';

const cluster = mkdtempSync(join(tmpdir(), 'orderflow-initdb-'));
try {
  const pglite = new PGlite(cluster);
  await pglite.waitReady;
  // A clean shutdown: the copy starts without recovery.
  await pglite.close();
  const file = templateFile();
  // Brotli's 16 MB window finds the three near-identical databases initdb writes (template0,
  // template1, postgres): 1.3 MB where gzip needs 4.5 MB.
  const brotli = createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 },
  });
  await pipeline(
    create({ cwd: cluster, portable: true }, readdirSync(cluster)),
    brotli,
    createWriteStream(file),
  );
  for (const other of readdirSync(TEMPLATE_FOLDER)) {
    if (join(TEMPLATE_FOLDER, other) !== file) rmSync(join(TEMPLATE_FOLDER, other));
  }
  console.log(`${file}: the cluster of PGlite ${pgliteVersion()}'s initdb`);
} finally {
  rmSync(cluster, { recursive: true, force: true });
}
