import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { SigningDocumentCheck } from '../../../shared/schemas/orders.js';
import {
  guardedLookup,
  isPrivateAddress,
  PrivateTargetError,
  type Resolver,
} from '../../lib/outbound-target.js';

/** How long the partner's site may take to answer before its document counts as unreachable. */
export const SIGNING_DOCUMENT_TIMEOUT_MS = 5000;

export interface SigningDocumentOptions {
  /** PUBLIC_URL's origin: the page that frames the document. */
  portalOrigin: string;
  /** ALLOW_PRIVATE_WEBHOOK_TARGETS: whether this machine and private networks may be asked. */
  allowPrivate: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
}

/**
 * Whether the partner's document at `url` can be shown in the portal's signing frame: the browser
 * cannot tell the portal (a failed or refused frame looks like any other cross-origin page), so the
 * server asks once, without cookies and without following redirects, and reads only the status and
 * the framing headers (decision 299). Like every outbound request of the product it never reaches
 * this machine or a private network unless allowed (docs/security.md, "Outbound requests"); such an
 * address counts as unreachable. Nothing of the answer's body is read or passed on.
 */
export async function checkSigningDocument(
  url: string,
  options: SigningDocumentOptions,
): Promise<SigningDocumentCheck> {
  let answer: { status: number; headers: IncomingHttpHeaders };
  try {
    answer = await headOf(url, options);
  } catch {
    return { loads: false, reason: 'unreachable' };
  }
  // A redirect (to a sign-in or the document's own address) is the browser's to follow.
  if (answer.status >= 300 && answer.status < 400) return { loads: true };
  if (answer.status >= 400) return { loads: false, reason: 'not_found' };
  const headers = new Headers();
  for (const name of ['content-security-policy', 'x-frame-options']) {
    const value = answer.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  if (refusesFraming(headers, new URL(url).origin, options.portalOrigin)) {
    return { loads: false, reason: 'refuses_frame' };
  }
  return { loads: true };
}

/** GETs `url` and answers its status and headers; the body is drained unread. */
function headOf(
  url: string,
  { allowPrivate, timeoutMs = SIGNING_DOCUMENT_TIMEOUT_MS, resolve }: SigningDocumentOptions,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new PrivateTargetError(host));
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = send(
      target,
      {
        method: 'GET',
        headers: { accept: 'text/html,application/pdf;q=0.9,*/*;q=0.8' },
        signal: AbortSignal.timeout(timeoutMs),
        ...(!allowPrivate && { lookup: guardedLookup(resolve) }),
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on('error', () => undefined);
        done({ status: res.statusCode ?? 0, headers: res.headers });
      },
    );
    req.on('error', fail);
    req.end();
  });
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
