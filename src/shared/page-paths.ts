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
