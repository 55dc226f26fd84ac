import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneClientBuilds } from './client-builds.js';

const dir = mkdtempSync(join(tmpdir(), 'orderflow-builds-'));
mkdirSync(join(dir, '.vite'));
mkdirSync(join(dir, 'assets'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `vite build` without emptying the folder leaves: this build's files beside the older ones. */
function build(n: number) {
  const entry = `assets/index-b${n}.js`;
  const lazy = `assets/orders-page-b${n}.js`;
  const css = `assets/index-b${n}.css`;
  for (const file of [entry, lazy, css, `${entry}.br`, `${entry}.gz`])
    writeFileSync(join(dir, file), `build ${n}`);
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: entry, css: [css], isEntry: true },
      'src/client/features/orders/orders-page.tsx': { file: lazy, isDynamicEntry: true },
    }),
  );
  return pruneClientBuilds(dir, 3);
}

const present = (n: number) =>
  ['index', 'orders-page'].every((name) => existsSync(join(dir, `assets/${name}-b${n}.js`)));

describe('the client build folder', () => {
  it('keeps the chunks of the last three builds for tabs opened before a deploy, and no more', () => {
    expect(build(1)).toEqual([]);
    expect(build(2)).toEqual([]);
    expect(build(3)).toEqual([]);
    expect(build(4).sort()).toEqual(
      [
        'assets/index-b1.css',
        'assets/index-b1.js',
        'assets/index-b1.js.br',
        'assets/index-b1.js.gz',
        'assets/orders-page-b1.js',
      ].sort(),
    );
    expect([present(1), present(2), present(3), present(4)]).toEqual([false, true, true, true]);
    expect(existsSync(join(dir, 'assets/index-b4.js.br'))).toBe(true);
  });

  it('counts the same build twice as one', () => {
    build(4);
    expect(present(2)).toBe(true);
  });
});
