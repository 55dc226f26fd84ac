/**
 * One page file per app and per landing page, each naming what its first load fetches, so that the
 * browser asks for all of it as soon as the page arrives instead of learning it one module at a time:
 * - `sign-in.html` (served on /auth): the sign-in app's chunks;
 * - `back-office.html` (under /admin): the full app's and the back office's shell chunks, and its texts;
 * - `index.html` (every other page): the full app's and the customer portal's shell chunks (the
 *   portal's texts depend on the browser's language, which the page cannot know);
 * - the landing pages' files (src/shared/page-paths.ts): their app's, and their screen's chunks; and
 *   for a screen that starts with a request for its content, a data variant that also asks for it.
 * Each also asks for the session check (`GET /api/auth/session`), which every app makes first. The server
 * picks the file (src/server/http/page-files.ts); the files are written with their compressed copies.
 *
 * Nothing holds back the first paint: the theme script (src/shared/theme-init.ts, in dev too) and the
 * style sheet are in the page itself, so the static frame is painted as soon as the page arrives rather
 * than after two requests that share the line with the app's chunks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_PAGE_FILE } from '../src/shared/first-screen';
import { dataPageFile, LANDING_PAGE_FILES, landingDataFor } from '../src/shared/page-paths';
import { THEME_INIT_SCRIPT } from '../src/shared/theme-init';

const FULL_APP = '/src/client/full-app.tsx';
/** Asked for by every app's entry before the app itself (src/client/main.tsx). */
const REACT_DOM_CLIENT = '/node_modules/react-dom/client.js';
/** Loaded by every screen of the full app as it starts (src/client/providers.tsx). */
const TOASTER = '/src/client/components/ui/toaster.tsx';
const CUSTOMER_SHELL = '/src/client/features/shell/customer-shell.tsx';
const ADMIN_SHELL = '/src/client/features/admin/admin-shell.tsx';
/** The back office is in English only, so its pages can name their texts. */
const BACK_OFFICE_TEXTS = ['/src/client/locales/en/common.json', '/src/client/locales/en/texts.ts'];

/** The screen of each landing page (LANDING_PAGE_FILES), under its app's shell. */
const LANDING_SCREENS = {
  '/': { shell: CUSTOMER_SHELL, screen: '/src/client/features/home/home-page.tsx' },
  '/orders': { shell: CUSTOMER_SHELL, screen: '/src/client/features/orders/orders-page.tsx' },
  '/admin': { shell: ADMIN_SHELL, screen: '/src/client/features/admin-orders/dashboard-page.tsx' },
  '/admin/orders': { shell: ADMIN_SHELL, screen: '/src/client/features/admin-orders/orders-page.tsx' },
} satisfies Record<keyof typeof LANDING_PAGE_FILES, { shell: string; screen: string }>;

/** What most first loads run besides the app: the toaster, the shells and the landing screens. */
export const LANDING_MODULES = [
  TOASTER,
  CUSTOMER_SHELL,
  ADMIN_SHELL,
  ...Object.values(LANDING_SCREENS).map(({ screen }) => screen),
];

/** Each page file and the modules its first load runs. */
const PAGES: { file: string; entries: string[]; data?: string }[] = [
  { file: 'sign-in.html', entries: [REACT_DOM_CLIENT, '/src/client/sign-in-app.tsx'] },
  {
    file: 'back-office.html',
    entries: [REACT_DOM_CLIENT, FULL_APP, TOASTER, ADMIN_SHELL, ...BACK_OFFICE_TEXTS],
  },
  { file: 'index.html', entries: [REACT_DOM_CLIENT, FULL_APP, TOASTER, CUSTOMER_SHELL] },
  ...Object.entries(LANDING_SCREENS).map(([path, { shell, screen }]) => ({
    file: LANDING_PAGE_FILES[path as keyof typeof LANDING_PAGE_FILES],
    entries: [
      REACT_DOM_CLIENT,
      FULL_APP,
      TOASTER,
      shell,
      ...(shell === ADMIN_SHELL ? BACK_OFFICE_TEXTS : []),
      screen,
    ],
    data: landingDataFor(path)?.url,
  })),
];

/** The session check as the API client makes it (credentials included), so the browser reuses it. */
const SESSION_PRELOAD =
  '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">';

/**
 * `html` (a page file with its preloads) that also asks for `url` as the API client does, right after
 * the session check: a screen's first request, which would otherwise leave only once the app runs.
 */
export function withDataPreload(html: string, url: string): string {
  const link = `<link rel="preload" href="${url.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials" fetchpriority="low">`;
  if (!html.includes(SESSION_PRELOAD)) throw new Error('page preloads: the page has no session preload');
  return html.replace(SESSION_PRELOAD, () => `${SESSION_PRELOAD}\n    ${link}`);
}

/** The files `entries` load before they run: their chunks and every chunk those import statically. */
export function chunksBefore(bundle: OutputBundle, entries: string[]): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
      visit(imported);
  };
  for (const entry of entries) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(entry));
    if (!chunk) throw new Error(`page preloads: no chunk for ${entry}`);
    visit(chunk.fileName);
  }
  return [...files];
}

/**
 * `html` with the session preload and a modulepreload link for each file it does not name yet, at the
 * end of its head. The links ask for low priority: the static frame paints without any script, and
 * nothing else on the page competes for the line, so the scripts arrive as fast either way; at the
 * default (high) priority a page-load audit (Lighthouse) counts every script that happened to arrive
 * before the first paint as holding it back, and charged a phone up to two seconds for it.
 */
export function withPreloads(html: string, files: string[], base = '/'): string {
  const links = files
    .filter((file) => !html.includes(`"${base}${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`);
  return html.replace(/\n?\s*<\/head>/, `\n    ${[SESSION_PRELOAD, ...links].join('\n    ')}\n  </head>`);
}

/**
 * The page a drawn first screen goes into (decision 300): no preloads, and the entry's own script at low
 * priority. The screen is in the page, so its paint needs no script; fetched beside the page, the
 * app's chunks arrived before that paint on a fast line, and a page-load audit then counts them as
 * holding it back. The entry asks for the app once the page has painted (src/client/main.tsx).
 */
export function withLowPriorityEntry(html: string): string {
  const entry = /<script type="module" crossorigin src=/;
  if (!entry.test(html)) throw new Error('page preloads: the page has no entry script');
  return html
    .replace(entry, '<script type="module" crossorigin fetchpriority="low" src=')
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

/** `html` with the theme script's placeholder replaced by the script. */
export function withThemeScript(html: string): string {
  const placeholder = '<script data-theme-init></script>';
  if (!html.includes(placeholder)) throw new Error('index.html has no theme script placeholder');
  return html.replace(placeholder, () => `<script>${THEME_INIT_SCRIPT}</script>`);
}

/** `html` with each of its style sheet links replaced by the style sheet's text. */
export function withInlineStyles(html: string, bundle: OutputBundle, base = '/'): string {
  return html.replace(/<link rel="stylesheet"[^>]* href="([^"]+)">/g, (link, href: string) => {
    const asset = bundle[href.slice(base.length)];
    if (asset?.type !== 'asset') return link;
    return `<style>${String(asset.source)}</style>`;
  });
}

export function themeScript(): Plugin {
  return { name: 'orderflow:theme-script', transformIndexHtml: withThemeScript };
}

export function pagePreloads(): Plugin {
  let html = '';
  return {
    name: 'orderflow:page-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type === 'asset') html = withInlineStyles(String(page.source), bundle as OutputBundle);
    },
    writeBundle(options, bundle) {
      if (!html || !options.dir) return;
      writePageFile(join(options.dir, FIRST_SCREEN_PAGE_FILE), withLowPriorityEntry(html));
      for (const page of PAGES) {
        const source = withPreloads(html, chunksBefore(bundle as OutputBundle, page.entries));
        writePageFile(join(options.dir, page.file), source);
        if (page.data)
          writePageFile(join(options.dir, dataPageFile(page.file)), withDataPreload(source, page.data));
      }
    },
  };
}

/** A page file and its compressed copies. */
function writePageFile(path: string, source: string) {
  writeFileSync(path, source);
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
