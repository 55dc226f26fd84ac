import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { generatePassword, hashPassword } from '../../lib/crypto.js';

/**
 * Makes sure the product has an administrator. Returns the generated password when one was made up,
 * so that the caller can print it once; returns null when an admin already existed.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email: string; password?: string },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  if (admin) return null;
  const password = options.password ?? generatePassword();
  const hashed = await hashPassword(password);
  await db
    .insert(users)
    .values({ email: options.email, password: hashed, role: 'ADMIN', verified: true })
    .onConflictDoUpdate({ target: users.email, set: { password: hashed, role: 'ADMIN' } });
  return { email: options.email, generatedPassword: options.password ? null : password };
}

/** Printed once, on the console rather than in the structured log, so that it is seen and not kept. */
export function announceFirstAdmin(
  admin: { email: string; generatedPassword: string | null } | null,
  publicUrl: string,
) {
  if (!admin?.generatedPassword) return;
  console.log(
    `\nFirst admin created: ${admin.email} / ${admin.generatedPassword}\n(Set ADMIN_PASSWORD to choose it.) Sign in at ${publicUrl}/auth with them; without SMTP_URL the 6-digit code is written to the server log.\n`,
  );
}
