import type { Db } from '../../src/server/db/client.js';

/** Customers the admin customers and users journeys read and change (issue 5). */
export async function seedCustomers(_db: Db) {}
