/** GET /api/config: the only configuration the browser receives (DESIGN §12), a named public subset. */
import * as z from 'zod/mini';

export const publicConfigSchema = z.object({
  googleMapsApiKey: z.nullable(z.string()),
  isDevelopment: z.boolean(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
