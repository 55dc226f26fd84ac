import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DATABASE_FOLDER } from './data-dir.js';
import { pgliteVersion, TEMPLATE_FOLDER, templateFile } from './initdb-template.js';

const folders: string[] = [];
function newDataDir() {
  const folder = mkdtempSync(join(tmpdir(), 'orderflow-template-'));
  folders.push(folder);
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the initdb template a new embedded database starts from', () => {
  it('exists for the installed PGlite, and only for it', () => {
    const hint = `no template for PGlite ${pgliteVersion()}: run npm run db:template`;
    expect(existsSync(templateFile()), hint).toBe(true);
    expect(readdirSync(TEMPLATE_FOLDER)).toEqual([`pglite-${pgliteVersion()}.tar.br`]);
  });

  it('opens as a database that migrates and takes writes, and reopens with them', async () => {
    const dataDir = newDataDir();
    const first = openDatabase({ dataDir });
    await first.migrate();
    await first.db.execute(
      sql`insert into users (email, password, role) values ('a@example.com', 'x', 'ADMIN')`,
    );
    await first.close();

    const again = openDatabase({ dataDir });
    const rows = (await again.db.execute(sql`select email from users`)) as unknown as {
      rows: { email: string }[];
    };
    await again.close();
    expect(rows.rows).toEqual([{ email: 'a@example.com' }]);
    expect(readdirSync(dataDir).sort()).toEqual([DATABASE_FOLDER, 'orderflow.lock']);
  });

  it('replaces what a start stopped while unpacking left, instead of opening it', async () => {
    const dataDir = newDataDir();
    const leftover = join(dataDir, `${DATABASE_FOLDER}.unpacking`);
    mkdirSync(leftover, { recursive: true });
    writeFileSync(join(leftover, 'PG_VERSION'), 'half\n');
    const database = openDatabase({ dataDir });
    await database.migrate();
    const answer = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      rows: { n: number }[];
    };
    await database.close();
    expect(answer.rows).toEqual([{ n: 0 }]);
    expect(existsSync(leftover)).toBe(false);
  });
});
