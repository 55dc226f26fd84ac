/** Set by e2e/global-setup.ts: the servers as JSON, one per Playwright worker. */
export const ENV_SERVERS = 'ORDERFLOW_E2E_SERVERS';

/** A server the journeys run against, and the HTTP side of the mail catcher its SMTP points at. */
export interface JourneyServer {
  baseUrl: string;
  mailUrl: string;
}

/** The first admin the server creates at start-up. */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

/**
 * This worker's server: Playwright numbers the workers running at once from 0 (TEST_PARALLEL_INDEX),
 * and a worker started again after a failure takes the index, and so the server, of the one it replaces.
 */
export function journeyServer(): JourneyServer {
  const servers = process.env[ENV_SERVERS];
  if (!servers)
    throw new Error(`${ENV_SERVERS} is not set: run the suite through playwright.config.ts (globalSetup)`);
  const list = JSON.parse(servers) as JourneyServer[];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const server = list[index];
  if (!server) throw new Error(`no journey server for worker ${index} (${list.length} started)`);
  return server;
}

export const baseUrl = () => journeyServer().baseUrl;
