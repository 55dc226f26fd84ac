import type { SigningDocumentCheck } from '../../../shared/schemas/orders.js';

/** How long the partner's site may take to answer before its document counts as unreachable. */
export const SIGNING_DOCUMENT_TIMEOUT_MS = 5000;

/**
 * Whether the partner's document at `url` can be shown in the portal's signing frame: the browser
 * cannot tell the portal (a failed or refused frame looks like any other cross-origin page), so the
 * server asks once, without cookies and without following redirects, and reads only the status and
 * the framing headers (decision 299). Nothing of the answer's body is read or passed on.
 */
export async function checkSigningDocument(
  url: string,
  { portalOrigin, timeoutMs = SIGNING_DOCUMENT_TIMEOUT_MS }: { portalOrigin: string; timeoutMs?: number },
): Promise<SigningDocumentCheck> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'text/html,application/pdf;q=0.9,*/*;q=0.8' },
    });
  } catch {
    return { loads: false, reason: 'unreachable' };
  }
  await response.body?.cancel().catch(() => undefined);
  // A redirect (to a sign-in or the document's own address) is the browser's to follow.
  if (response.status >= 300 && response.status < 400) return { loads: true };
  if (response.status >= 400) return { loads: false, reason: 'not_found' };
  if (refusesFraming(response.headers, new URL(url).origin, portalOrigin)) {
    return { loads: false, reason: 'refuses_frame' };
  }
  return { loads: true };
}

/**
 * Whether the page forbids being framed by the portal: CSP `frame-ancestors` when the page sends one
 * (browsers then ignore X-Frame-Options), else X-Frame-Options.
 */
export function refusesFraming(headers: Headers, documentOrigin: string, portalOrigin: string): boolean {
  const ancestors = (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name?.toLowerCase() === 'frame-ancestors');
  if (ancestors) {
    const portal = new URL(portalOrigin);
    return !ancestors.slice(1).some((source) => {
      const value = source.toLowerCase();
      if (value === '*') return true;
      if (value === "'self'") return documentOrigin === portal.origin;
      if (value === `${portal.protocol}`) return true;
      const match = /^(?:(https?):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?\/?$/.exec(value);
      if (!match) return false;
      const [, scheme, wildcard, host, port] = match;
      if (scheme && `${scheme}:` !== portal.protocol) return false;
      if (port && port !== '*' && port !== (portal.port || (portal.protocol === 'https:' ? '443' : '80')))
        return false;
      return wildcard ? portal.hostname.endsWith(`.${host}`) : portal.hostname === host;
    });
  }
  const frameOptions = headers.get('x-frame-options')?.trim().toLowerCase();
  if (frameOptions === 'deny') return true;
  if (frameOptions === 'sameorigin') return documentOrigin !== new URL(portalOrigin).origin;
  return false;
}
