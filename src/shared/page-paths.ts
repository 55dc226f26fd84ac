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

/**
 * The page files that can answer `path` (without its query), best first: a landing page's own, then
 * its app's, then index.html, which every build writes.
 */
export function pageFilesFor(path: string): string[] {
  if (isSignInPath(path)) return ['sign-in.html', 'index.html'];
  const app = isBackOfficePath(path) ? ['back-office.html', 'index.html'] : ['index.html'];
  const page = path.length > 1 ? path.replace(/\/$/, '') : path;
  return Object.hasOwn(LANDING_PAGE_FILES, page)
    ? [LANDING_PAGE_FILES[page as keyof typeof LANDING_PAGE_FILES], ...app]
    : app;
}
