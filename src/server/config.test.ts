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
    [{ BACKUP_KEY: 'too short' }, 'BACKUP_KEY'],
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

describe('production', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };

  it('refuses to start without SMTP_URL, so sign-in codes never reach a log', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      /^Invalid configuration: SMTP_URL is required/,
    );
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it('refuses the test checkout', () => {
    expect(() => loadConfig({ ...production, PAYMENTS_TEST_MODE: '1' })).toThrowError(
      /^Invalid configuration: PAYMENTS_TEST_MODE cannot be used in production/,
    );
  });
});

describe('switches and proxies', () => {
  it('leave the test checkout off unless PAYMENTS_TEST_MODE=1', () => {
    expect(loadConfig({}).paymentsTestMode).toBe(false);
    expect(loadConfig({ PAYMENTS_TEST_MODE: '0' }).paymentsTestMode).toBe(false);
    expect(loadConfig({ PAYMENTS_TEST_MODE: '1' }).paymentsTestMode).toBe(true);
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrowError(
      /^Invalid configuration: PAYMENTS_TEST_MODE /,
    );
  });

  it('read TRUST_PROXY as a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrowError(
      /^Invalid configuration: TRUST_PROXY /,
    );
  });
});
