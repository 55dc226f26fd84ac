import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { codeProblem, currentPasswordProblem, emailProblem, newPasswordProblem } from './auth-rules.js';
import { codeSchema, currentPasswordSchema, emailSchema, passwordSchema } from './schemas/auth.js';

/** The first message Zod gives, or undefined when the value passes. */
const zodProblem = (schema: z.ZodMiniType, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the sign-in rules answer as the server’s schemas do', () => {
  const long = 'x'.repeat(257);
  it.each([
    [
      'email',
      emailSchema,
      emailProblem,
      [
        'ann@example.com',
        ' Ann@Example.com ',
        'admin@localhost',
        'ann',
        'ann@',
        '@x.y',
        '',
        `${'a'.repeat(250)}@x.io`,
      ],
    ],
    ['new password', passwordSchema, newPasswordProblem, ['', 'short', 'correct horse 1', '12345678', long]],
    ['current password', currentPasswordSchema, currentPasswordProblem, ['', 'a', 'correct horse 1', long]],
    ['code', codeSchema, codeProblem, ['123456', ' 123456 ', '12345', '1234567', 'abcdef', '']],
  ] as const)('%s', (_name, schema, problem, values) => {
    for (const value of values) expect(problem(value), JSON.stringify(value)).toBe(zodProblem(schema, value));
  });
});
