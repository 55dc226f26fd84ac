/**
 * The customer pages whose first screen the server draws (decision 300): My Orders, an order's page and
 * the public tracking page. The server reads the answers the screen's first requests would get, has the
 * client's own components draw them (src/client/first-screen/render.tsx, built for Node), and sends
 * the answers in the page beside the markup, so that the app, once its scripts arrive, starts from the
 * same answers and takes the markup over (hydrates) instead of drawing it again.
 */
import type { Locale } from './locales.js';
import type { authRoutes } from './routes/auth.js';
import type { RouteAnswer } from './routes/define-route.js';
import type { orderRoutes } from './routes/orders.js';
import type { systemRoutes } from './routes/system.js';
import type { trackingRoutes } from './routes/tracking.js';

/** Which first screen an address shows, if the server draws it. */
export type FirstScreenPage =
  | { kind: 'orders' }
  | { kind: 'order'; id: number }
  | { kind: 'track'; token: string };

/** The page at `path` (without its query) if it is one whose first screen the server draws. */
export function firstScreenPage(path: string): FirstScreenPage | undefined {
  if (/^\/orders\/?$/.test(path)) return { kind: 'orders' };
  const order = /^\/orders\/(\d{1,15})\/?$/.exec(path);
  if (order?.[1]) return { kind: 'order', id: Number(order[1]) };
  const track = /^\/track\/([^/]+)\/?$/.exec(path);
  if (track?.[1]) {
    try {
      return { kind: 'track', token: decodeURIComponent(track[1]) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The answers a first screen starts from, each exactly as its API route gave it. */
export interface FirstScreenAnswers {
  session?: RouteAnswer<typeof authRoutes.session>;
  config?: RouteAnswer<typeof systemRoutes.publicConfig>;
  orders?: RouteAnswer<typeof orderRoutes.list>;
  order?: RouteAnswer<typeof orderRoutes.get>;
  items?: RouteAnswer<typeof orderRoutes.items>;
  tracked?: RouteAnswer<typeof trackingRoutes.track>;
}

/** What the server drew a first screen from, and what the page carries for the app to start from. */
export interface FirstScreen {
  /** The address drawn (path and query). */
  url: string;
  locale: Locale;
  /** When the answers were read (ms since the epoch): the app's queries count their age from it. */
  answeredAt: number;
  answers: FirstScreenAnswers;
}

/** Draws a first screen: the markup that goes inside the page's #root element. */
export type FirstScreenRenderer = (screen: FirstScreen) => Promise<string>;

/** The id of the page's `<script type="application/json">` element that carries the FirstScreen. */
export const FIRST_SCREEN_DATA_ID = 'first-screen';

/** The page file a drawing goes into: index.html without the preloads (scripts/page-preloads.ts). */
export const FIRST_SCREEN_PAGE_FILE = 'first-screen.html';

/** The markers in index.html around the static frame, which a drawn first screen replaces. */
export const STATIC_FRAME_START = '<!--static-frame-->';
export const STATIC_FRAME_END = '<!--/static-frame-->';

/**
 * The FirstScreen as the text of a JSON script element: `<` is written as `\u003c`, so nothing in an
 * answer (a product name with `</script>`) can end the element or open another one.
 */
export function firstScreenJson(screen: FirstScreen): string {
  return JSON.stringify(screen)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
