import { describe, expect, it } from 'vitest';
import { isBackOfficePath, isSignInPath } from './page-paths.js';

describe('page paths', () => {
  it('knows the sign-in page, with or without a trailing slash, and nothing below it', () => {
    expect(['/auth', '/auth/'].map(isSignInPath)).toEqual([true, true]);
    expect(['/', '/authors', '/auth/x', '/admin'].map(isSignInPath)).toEqual([false, false, false, false]);
  });

  it('knows the back office and everything under it, not look-alike addresses', () => {
    expect(['/admin', '/admin/', '/admin/orders/12'].map(isBackOfficePath)).toEqual([true, true, true]);
    expect(['/administrator', '/orders', '/auth'].map(isBackOfficePath)).toEqual([false, false, false]);
  });
});
