/**
 * Links that reach the product from outside (partners' document and payment addresses, settings
 * links) are shown to people as links and frames: only web addresses may pass, never `javascript:`,
 * `data:` or any other scheme. zod/mini, as every shape the browser loads.
 */
import * as z from 'zod/mini';

export const WEB_URL_MESSAGE = 'Enter an http(s) address';

/** An absolute `http:` or `https:` address (what a browser opens as a page). */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value) || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * A link a setting may hold: an absolute http(s) address, or a path a browser resolves on this site.
 * Browsers read a backslash as a slash and drop tabs and line feeds before resolving, so '/\\evil.test'
 * or '/<tab>/evil.test' would open another site: no backslash, whitespace or control character may
 * appear anywhere, and a path may not start with two slashes.
 */
export function isSiteLink(value: unknown): value is string {
  if (typeof value !== 'string' || /[\\\s\p{Cc}]/u.test(value)) return false;
  return /^\/(?!\/)/.test(value) || isWebUrl(value);
}

export const webUrl = z.string().check(z.trim(), z.maxLength(2000), z.refine(isWebUrl, WEB_URL_MESSAGE));

/** Stage-data keys that hold an address the portal opens: `documentUrl`, `paymentLink`, … */
const LINK_KEY = /(url|link|href)$/i;

/** The keys of free-form data from outside whose value names a link but is not a web address. */
export function nonWebLinks(data: Record<string, unknown>): string[] {
  return Object.entries(data)
    .filter(([key, value]) => LINK_KEY.test(key) && value !== null && value !== '' && !isWebUrl(value))
    .map(([key]) => key);
}
