import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressClientFiles, pruneClientBuilds } from './client-builds.js';

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

describe('the precompressed copies of a build', () => {
  const folder = mkdtempSync(join(tmpdir(), 'orderflow-compress-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const script = 'console.log("a line of the app");\n'.repeat(100);

  it('are written for text files over 1 kB, decompress to the file, and leave the rest alone', async () => {
    mkdirSync(join(folder, 'assets'), { recursive: true });
    mkdirSync(join(folder, '.vite'), { recursive: true });
    writeFileSync(join(folder, 'assets/app-1.js'), script);
    writeFileSync(join(folder, 'index.html'), `<!doctype html>${'<p>page</p>'.repeat(200)}`);
    writeFileSync(join(folder, 'assets/tiny-1.js'), 'export {};');
    writeFileSync(join(folder, 'assets/logo-1.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(folder, '.vite/manifest.json'), JSON.stringify({ filler: 'x'.repeat(4096) }));

    const written = await compressClientFiles(folder);

    expect(written.map((file) => relative(folder, file)).sort()).toEqual(['assets/app-1.js', 'index.html']);
    expect(brotliDecompressSync(readFileSync(join(folder, 'assets/app-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(folder, 'assets/app-1.js.gz'))).toString()).toBe(script);
    expect(readdirSync(join(folder, 'assets')).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(existsSync(join(folder, '.vite/manifest.json.br'))).toBe(false);
  });

  it('are written again only for a file rewritten after its copies', async () => {
    expect(await compressClientFiles(folder)).toEqual([]);
    const page = join(folder, 'index.html');
    writeFileSync(page, `<!doctype html>${'<p>new page</p>'.repeat(200)}`);
    const later = new Date(Date.now() + 5_000);
    utimesSync(page, later, later);

    expect((await compressClientFiles(folder)).map((file) => relative(folder, file))).toEqual(['index.html']);
    expect(brotliDecompressSync(readFileSync(`${page}.br`)).toString()).toContain('new page');
  });
});
