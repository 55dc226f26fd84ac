import { z } from 'zod';

/** The one error shape every route answers with: a message, and per-field messages for bad input. */
export const errorBody = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** `:id` path parameters: internal ids are positive integers. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
