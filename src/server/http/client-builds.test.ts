import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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

  it('drops a compressed index.html an earlier build left, once a build writes a smaller one without it', () => {
    const earlier = new Date(Date.now() - 60_000);
    for (const copy of ['index.html.br', 'index.html.gz']) {
      writeFileSync(join(dir, copy), 'the previous index.html');
      utimesSync(join(dir, copy), earlier, earlier);
    }
    writeFileSync(join(dir, 'index.html'), 'this build');
    writeFileSync(join(dir, 'theme-init.js'), 'this build');
    writeFileSync(join(dir, 'theme-init.js.br'), 'this build');

    expect(build(5)).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'theme-init.js.br'))).toBe(true);
  });
});
