import type { Db } from '../../src/server/db/client.js';

/** The payment journeys' customers and units (issue 4). */
export async function seedPayments(_db: Db) {}
