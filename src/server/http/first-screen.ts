import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_PAGE_FILE,
  type FirstScreen,
  type FirstScreenAnswers,
  type FirstScreenPage,
  type FirstScreenRenderer,
  firstScreenJson,
  firstScreenPage,
  STATIC_FRAME_END,
  STATIC_FRAME_START,
} from '../../shared/first-screen.js';
import { acceptLanguageTags, type Locale, resolveLocale } from '../../shared/locales.js';
import { pageFilesFor } from '../../shared/page-paths.js';

/** Where the build writes the drawing module (scripts/build-steps.mjs), beside the client's folder. */
export function builtRendererPath(clientDir: string): string {
  return join(clientDir, '..', 'ssr', 'first-screen.js');
}

/**
 * The built drawing module, loaded on the first page that needs it (not at start: most requests are
 * the API's). Undefined when the build has none (an older build): those pages get their plain file.
 */
export function builtRenderer(clientDir: string): FirstScreenRenderer | undefined {
  const file = builtRendererPath(clientDir);
  if (!existsSync(file)) return undefined;
  let loaded: Promise<FirstScreenRenderer> | undefined;
  return async (screen) => {
    loaded ??= import(pathToFileURL(file).href).then(
      (module: { renderFirstScreen: FirstScreenRenderer }) => module.renderFirstScreen,
    );
    return (await loaded)(screen);
  };
}

/** What a drawn page is sent with: it holds one visitor's data, so no cache may keep or share it. */
export const FIRST_SCREEN_HEADERS = {
  'cache-control': 'private, no-store',
  vary: 'Cookie, Accept-Language',
} as const;

/**
 * Draws the first screen of My Orders, an order's page and the tracking page into the page file
 * (decision 300). The answers are read through the API's own routes (`inject`, in process) with the
 * visitor's cookie and address, so the screen sees exactly what the app would be answered: the same
 * authorisation, rate limits and serialisation, and nothing the visitor may not read. A visitor the
 * routes do not answer (signed out, someone else's order, an unknown link) gets the plain page file,
 * and the app shows what it shows today. So does any failure here: a page never fails for want of a
 * drawing.
 */
export function firstScreenDrawer(
  app: FastifyInstance,
  clientDir: string,
  render: FirstScreenRenderer,
): (request: FastifyRequest) => Promise<string | undefined> {
  const files = new Map<string, string>();
  // The page without preloads (scripts/page-preloads.ts); an older build's own page file otherwise.
  const pageFile = (path: string): string | undefined => {
    const name = [FIRST_SCREEN_PAGE_FILE, ...pageFilesFor(path)].find((file) =>
      existsSync(join(clientDir, file)),
    );
    if (!name) return undefined;
    let text = files.get(name);
    if (text === undefined) {
      text = readFileSync(join(clientDir, name), 'utf8');
      files.set(name, text);
    }
    return text;
  };

  return async (request) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = firstScreenPage(path);
    if (!page) return undefined;
    try {
      const screen = await readScreen(app, request, page);
      const file = screen && pageFile(path);
      if (!screen || !file) return undefined;
      return intoPage(file, screen, await render(screen));
    } catch (err) {
      request.log.warn({ err }, 'first screen: not drawn, the plain page is sent');
      return undefined;
    }
  };
}

async function readScreen(
  app: FastifyInstance,
  request: FastifyRequest,
  page: FirstScreenPage,
): Promise<FirstScreen | undefined> {
  const answeredAt = Date.now();
  const browserLocale = resolveLocale(null, acceptLanguageTags(request.headers['accept-language']));
  const read = async <T>(url: string, locale: Locale): Promise<T | undefined> => {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        ...(request.headers.cookie && { cookie: request.headers.cookie }),
        ...(request.headers['user-agent'] && { 'user-agent': request.headers['user-agent'] }),
      },
    });
    return response.statusCode === 200 ? (response.json() as T) : undefined;
  };
  const screen = (locale: Locale, answers: FirstScreenAnswers): FirstScreen => ({
    url: request.url,
    locale,
    answeredAt,
    answers,
  });

  if (page.kind === 'track') {
    // Public: the link is the key. Nothing of a signed-in visitor's own goes into this page.
    const [tracked, config] = await Promise.all([
      read<FirstScreenAnswers['tracked']>(`/api/track/${encodeURIComponent(page.token)}`, browserLocale),
      read<FirstScreenAnswers['config']>('/api/config', browserLocale),
    ]);
    return tracked && config ? screen(browserLocale, { tracked, config }) : undefined;
  }

  const session = await read<FirstScreenAnswers['session']>('/api/auth/session', browserLocale);
  const user = session?.user;
  // Staff who must still set up a second factor see the enrolment, which the portal's screens are not.
  if (!user || user.mustEnrolSecondFactor) return undefined;
  // A signed-in user's stored language wins over the browser's, as in the app (useSession).
  const locale = user.locale ?? browserLocale;
  if (page.kind === 'orders') {
    const [orders, config] = await Promise.all([
      read<FirstScreenAnswers['orders']>('/api/orders', locale),
      read<FirstScreenAnswers['config']>('/api/config', locale),
    ]);
    return orders && config ? screen(locale, { session, config, orders }) : undefined;
  }
  const [order, items, orders, config] = await Promise.all([
    read<FirstScreenAnswers['order']>(`/api/orders/${page.id}`, locale),
    read<FirstScreenAnswers['items']>(`/api/orders/${page.id}/items`, locale),
    // The sidebar's Purchase Tasks count from the list.
    read<FirstScreenAnswers['orders']>('/api/orders', locale),
    read<FirstScreenAnswers['config']>('/api/config', locale),
  ]);
  return order && items && orders && config
    ? screen(locale, { session, config, order, items, orders })
    : undefined;
}

/**
 * The page file with the drawing in place of its static frame, its language on `<html lang>`, and the
 * answers in a JSON script element (data, not code: the Content-Security-Policy is unchanged).
 */
export function intoPage(file: string, screen: FirstScreen, markup: string): string {
  // React writes no script into a finished drawing; one that did would need what the policy forbids.
  if (/<script/i.test(markup)) throw new Error('the drawing holds a script element');
  const start = file.indexOf(STATIC_FRAME_START);
  const end = file.indexOf(STATIC_FRAME_END);
  if (start < 0 || end < start) throw new Error('the page file has no static frame markers');
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${firstScreenJson(screen)}</script>`;
  const head = file
    .slice(0, start)
    .replace(/<html lang="[^"]*"/, `<html lang="${screen.locale}"`)
    .replace(/<div id="root">$/, '<div id="root" data-drawn>');
  return head + markup + file.slice(end + STATIC_FRAME_END.length).replace('</body>', `${data}\n  </body>`);
}
