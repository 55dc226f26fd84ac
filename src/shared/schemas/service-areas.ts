/**
 * Service areas: the enabled ZIP codes and location revalidation. zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { counted } from '../plural.js';

export const ZIP_CODE_PATTERN = /^\d{5}$/;

/** At most this many characters of raw input per add: a few thousand codes, far below the body limit. */
export const ZIP_INPUT_MAX_LENGTH = 20_000;

/** POST /api/admin/service-areas: the raw text of the field, one code or several separated by commas. */
export const addServiceAreaSchema = z.object({
  zipCode: z.string().check(z.maxLength(ZIP_INPUT_MAX_LENGTH, 'Too many ZIP codes at once')),
});
export type AddServiceArea = z.infer<typeof addServiceAreaSchema>;

/** `:zipCode` of DELETE /api/admin/service-areas/:zipCode. */
export const zipCodeParamsSchema = z.object({
  zipCode: z.string().check(z.regex(ZIP_CODE_PATTERN, 'A ZIP code has 5 digits')),
});

export const serviceAreasSchema = z.object({ enabledZipCodes: z.array(z.string()) });
export type ServiceAreas = z.infer<typeof serviceAreasSchema>;

/** What moving units to LOCATION_ENABLED changed. */
export const locationUpdateSchema = z.object({ updatedOrders: z.number(), updatedItems: z.number() });
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

export const addServiceAreaResultSchema = z.object({
  message: z.string(),
  enabledZipCodes: z.array(z.string()),
  updatedOrders: z.number(),
  updatedItems: z.number(),
});
export type AddServiceAreaResult = z.infer<typeof addServiceAreaResultSchema>;

export const revalidateResultSchema = z.object({
  message: z.string(),
  updatedOrders: z.number(),
  updatedItems: z.number(),
});
export type RevalidateResult = z.infer<typeof revalidateResultSchema>;

/**
 * Splits the field's raw text on commas (and whitespace, so a pasted column also works), trims, drops
 * empty pieces and repeats. Valid codes keep their first-seen order; invalid pieces are returned as
 * typed so the error can name them.
 */
export function parseZipCodes(raw: string): { valid: string[]; invalid: string[] } {
  const pieces = raw
    .split(/[,\s]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const piece of pieces) (ZIP_CODE_PATTERN.test(piece) ? valid : invalid).add(piece);
  return { valid: [...valid], invalid: [...invalid] };
}

/** The text that reports a revalidation; the server answers it and the manager's toast shows it. */
export function revalidationSummary({ updatedOrders, updatedItems }: LocationUpdate): string {
  return `Updated ${counted(updatedOrders, 'order', 'orders')} with ${counted(updatedItems, 'item', 'items')} in enabled service areas`;
}
