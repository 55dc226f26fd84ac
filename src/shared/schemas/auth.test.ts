import { describe, expect, it } from 'vitest';
import { codeSchema, emailSchema, passwordSchema, setPasswordRequestSchema } from './auth.js';

describe('auth shapes', () => {
  it('normalises e-mail addresses and accepts the default admin address', () => {
    expect(emailSchema.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(emailSchema.parse('admin@localhost')).toBe('admin@localhost');
  });

  it('rejects malformed or over-long e-mail addresses with the product’s message', () => {
    for (const bad of ['nope', 'a b@c.d', `${'a'.repeat(250)}@x.io`]) {
      const result = emailSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
    }
  });

  it('applies the password and code rules', () => {
    expect(passwordSchema.safeParse('1234567').error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
    expect(passwordSchema.safeParse('x'.repeat(257)).success).toBe(false);
    expect(codeSchema.safeParse('12345a').error?.issues[0]?.message).toBe(
      'Verification code must be 6 digits',
    );
    expect(codeSchema.parse('123456')).toBe('123456');
  });

  it('reports a password mismatch on confirmPassword', () => {
    const result = setPasswordRequestSchema.safeParse({
      email: 'a@b.co',
      password: 'long-enough',
      confirmPassword: 'different!',
      code: '123456',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' }),
    ]);
  });
});
