/** Set by e2e/global-setup.ts, read by the fixtures in the workers. */
export const ENV_BASE_URL = 'ORDERFLOW_E2E_BASE_URL';
export const ENV_MAIL_URL = 'ORDERFLOW_E2E_MAIL_URL';

/** The first admin the server creates at start-up. */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through playwright.config.ts (globalSetup)`);
  return value;
}
