/** GET /api/config: the only configuration the browser receives; a named public subset, no secrets. */
import * as z from 'zod/mini';
import { LOCALES } from '../locales.js';

export const publicConfigSchema = z.object({
  googleMapsApiKey: z.nullable(z.string()),
  isDevelopment: z.boolean(),
  /** From Settings → General: shown and applied to the UI (brand colour), and the portal's external links. */
  companyName: z.string(),
  brandColor: z.string(),
  faqUrl: z.string(),
  storeUrl: z.string(),
  membersAreaUrl: z.string(),
  /** The languages of the customer side, English first. */
  locales: z.array(z.enum(LOCALES)),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
