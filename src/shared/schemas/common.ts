/** Shapes many routes share. zod/mini. */
import * as z from 'zod/mini';

/** `:id` path parameters: internal ids are positive integers (a path segment is text, hence coerced). */
export const idParams = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

/** The answer of a change that returns nothing but a confirmation for the user. */
export const messageSchema = z.object({ message: z.string() });
