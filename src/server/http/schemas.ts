import { z } from 'zod';

/** The one error shape every route answers with: a message, and per-field messages for bad input. */
export const errorBody = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A machine-readable reason where the client acts on it (e.g. SECOND_FACTOR_REQUIRED). */
  code: z.string().optional(),
});

/** `:id` path parameters: internal ids are positive integers. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
