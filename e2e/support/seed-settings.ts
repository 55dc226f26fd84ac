import type { Db } from '../../src/server/db/client.js';

/** Orders and ZIP codes the settings and service-area journeys use (issue 5). */
export async function seedSettings(_db: Db) {}
