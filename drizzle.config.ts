import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The orders tables are kept out of schema.ts (decision 230); drizzle-kit reads both files.
  schema: './src/server/db/{schema.ts,schema/orders.ts}',
  out: './drizzle',
});
