/** API keys for the inbound webhooks: shown once at creation, stored only as a hash. zod/mini. */
import * as z from 'zod/mini';

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the key, so an admin can tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/admin/api-keys answer: the only time the whole key is ever sent. */
export const createdApiKeySchema = z.object({ ...apiKeySchema.def.shape, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKeySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name the key'), z.maxLength(100)),
});
