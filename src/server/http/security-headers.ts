import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { THEME_INIT_SCRIPT } from '../../shared/theme-init.js';

/**
 * Helmet's headers do not depend on the request, so they are computed once at start-up and set by
 * one hook. (@fastify/helmet runs the whole middleware, CSP string included, on every request: on a
 * small route that was a third of the server's time.)
 */
const GOOGLE_MAPS = 'https://maps.googleapis.com';

/** The one inline script the pages have, allowed by its hash: it applies the theme before the first paint. */
export const THEME_INIT_SOURCE = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; mapsEnabled: boolean },
) {
  // Google's hosts are allowed only where address autocomplete can run: with GOOGLE_MAPS_API_KEY set.
  const maps = options.mapsEnabled ? [GOOGLE_MAPS] : [];
  const headers = computeHelmetHeaders({
    // HSTS only means something behind TLS, which production has.
    strictTransportSecurity: options.production,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': options.production ? [] : null,
        // Address autocomplete loads Google's Maps script, which fetches and draws from its own hosts.
        'script-src': ["'self'", THEME_INIT_SOURCE, ...maps],
        'connect-src': ["'self'", ...maps],
        'img-src': ["'self'", 'data:', ...maps, ...(options.mapsEnabled ? ['https://maps.gstatic.com'] : [])],
        // Documents to sign are shown from the e-signature partner's site; outside production that
        // may be a plain-HTTP stand-in on this machine.
        'frame-src': options.production ? ["'self'", 'https:'] : ["'self'", 'https:', 'http:'],
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}
