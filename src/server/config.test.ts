import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:5000',
      dataDir: './data',
      adminEmail: 'admin@localhost',
      sessionTtlHours: 168,
      isProduction: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SESSION_TTL_HOURS: '-1' }, 'SESSION_TTL_HOURS'],
  ])('stops with one line naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' }).databaseUrl).toBeUndefined();
  });
});

describe('sign-in limits', () => {
  it('default to 30 requests a minute, 5 codes per address and 20 per IP', () => {
    expect(loadConfig({}).authLimits).toEqual({ requestsPerMinute: 30, codesPerEmail: 5, codesPerIp: 20 });
  });
});
