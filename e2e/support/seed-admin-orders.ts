import type { Db } from '../../src/server/db/client.js';

/** Orders the admin dashboard and orders journeys read and change (issue 5). */
export async function seedAdminOrders(_db: Db) {}
