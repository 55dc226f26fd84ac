import type { Permission } from './permissions.js';

/**
 * Which app a page address belongs to, the same in the browser (which app starts, which texts load)
 * and on the server (which page file it sends): the sign-in page, the back office, or the portal.
 */
export function isSignInPath(path: string): boolean {
  return /^\/auth\/?$/.test(path);
}

/** The back office's pages: /admin and everything under it (not /administrator). */
export function isBackOfficePath(path: string): boolean {
  return /^\/admin(\/|$)/.test(path);
}

/**
 * The pages a first load most often opens (where signing in leads, and the lists a link or bookmark
 * opens), each with a page file of its own that also names its screen's chunks, so that they arrive
 * with the app instead of after it has started.
 */
export const LANDING_PAGE_FILES = {
  '/': 'home.html',
  '/orders': 'orders.html',
  '/admin': 'dashboard.html',
  '/admin/orders': 'admin-orders.html',
} as const;

type LandingPath = keyof typeof LANDING_PAGE_FILES;

/**
 * The request a landing screen makes first for its content, and what the visitor needs to make it
 * (`null`: being signed in). The page file's data variant (`dataPageFile`) also names it as a preload,
 * so that it leaves beside the scripts instead of after the app has started; the server sends that
 * variant only to a visitor it will answer, and only for the plain address (no query), which is what
 * the screen asks for then.
 */
export const LANDING_PAGE_DATA = {
  '/orders': { url: '/api/orders', permission: null },
  '/admin': { url: '/api/admin/dashboard', permission: 'dashboard.read' },
  // At the default rows per page; a staff member who chose another size asks for that instead
  // (decision 280).
  '/admin/orders': {
    url: '/api/admin/orders?page=1&pageSize=50&sort=orderDate%3Adesc',
    permission: 'orders.read',
  },
} as const satisfies Partial<Record<LandingPath, { url: string; permission: Permission | null }>>;

/** The page file that also preloads its screen's first request: `orders.html` → `orders.data.html`. */
export function dataPageFile(file: string): string {
  return file.replace(/\.html$/, '.data.html');
}

function landingPath(path: string): LandingPath | undefined {
  const page = path.length > 1 ? path.replace(/\/$/, '') : path;
  return Object.hasOwn(LANDING_PAGE_FILES, page) ? (page as LandingPath) : undefined;
}

/** The first request of the landing screen at `path` (without its query), if it has one. */
export function landingDataFor(path: string): { url: string; permission: Permission | null } | undefined {
  const page = landingPath(path);
  return page && Object.hasOwn(LANDING_PAGE_DATA, page)
    ? LANDING_PAGE_DATA[page as keyof typeof LANDING_PAGE_DATA]
    : undefined;
}

/**
 * The page files that can answer `path` (without its query), best first: a landing page's data
 * variant when `withData` (the server has checked the visitor may make its request), the landing
 * page's own, then its app's, then index.html, which every build writes.
 */
export function pageFilesFor(path: string, options: { withData?: boolean } = {}): string[] {
  if (isSignInPath(path)) return ['sign-in.html', 'index.html'];
  const app = isBackOfficePath(path) ? ['back-office.html', 'index.html'] : ['index.html'];
  const page = landingPath(path);
  if (!page) return app;
  const file = LANDING_PAGE_FILES[page];
  const withData = options.withData && landingDataFor(path) ? [dataPageFile(file)] : [];
  return [...withData, file, ...app];
}
