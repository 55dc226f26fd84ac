import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isBackOfficePath, isSignInPath } from '../../shared/page-paths.js';

/**
 * The client build writes one page file per app, each naming the chunks its first load needs (the
 * build's scripts/page-preloads.ts): the sign-in app's on /auth, the back office's under /admin, the
 * customer portal's everywhere else. A build without them (an older one) has index.html alone.
 */
export function pageFileChooser(clientDir: string): (path: string) => string {
  const has = (file: string) => existsSync(join(clientDir, file));
  const signIn = has('sign-in.html') ? 'sign-in.html' : 'index.html';
  const backOffice = has('back-office.html') ? 'back-office.html' : 'index.html';
  return (path) => {
    if (isSignInPath(path)) return signIn;
    if (isBackOfficePath(path)) return backOffice;
    return 'index.html';
  };
}
