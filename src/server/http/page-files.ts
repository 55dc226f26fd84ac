import { readdirSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { landingDataFor, pageFilesFor } from '../../shared/page-paths.js';
import { can, isStaffRole, type Permission } from '../../shared/permissions.js';
import type { SessionStore } from '../features/auth/sessions.js';
import { routedPath } from './route-path.js';
import { SESSION_COOKIE } from './session.js';

/**
 * The client build writes one page file per app and per landing page, each naming the chunks its first
 * load needs (the build's scripts/page-preloads.ts), and for a landing screen that starts with a request
 * for its content, a data variant that also asks for that request. A page file the build did not write
 * (an older build) falls back to its app's, and that to index.html.
 *
 * The data variant goes only to a visitor the request will answer, and only for the plain address: a
 * signed-out visitor, a customer on a back-office page or a filtered list would otherwise make a
 * request that fails or that the screen never reads.
 */
export function pageFileChooser(
  clientDir: string,
  sessions: Pick<SessionStore, 'findUser'>,
): (request: FastifyRequest) => Promise<string> {
  const written = new Set(readdirSync(clientDir).filter((file) => file.endsWith('.html')));
  return async (request) => {
    const path = routedPath(request);
    const data = landingDataFor(path);
    const withData =
      data !== undefined && !request.url.includes('?') && (await mayRead(request, data.permission));
    return pageFilesFor(path, { withData }).find((file) => written.has(file)) ?? 'index.html';
  };

  async function mayRead(request: FastifyRequest, permission: Permission | null): Promise<boolean> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return false;
    // A page never fails for want of a preload: without the database the plain file is sent, and the
    // app shows what it can.
    const user = await sessions.findUser(token).catch((err: unknown) => {
      request.log.warn({ err }, 'page file: the session could not be read');
      return undefined;
    });
    if (!user || user.mustEnrolSecondFactor) return false;
    return permission === null || (isStaffRole(user.role) && can(user.role, permission));
  }
}
