import { z } from 'zod';

/**
 * The one error shape every route answers with (docs/api.md, "Errors"): a stable upper-case domain
 * code the client acts and translates on, an English message, and per-field messages for bad input.
 */
export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** `:id` path parameters: internal ids are positive integers. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
