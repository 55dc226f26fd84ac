import type { StaffRole } from '../../shared/permissions.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/crypto.js';
import type { TestApp, TestClient } from './app.js';

/** Signs a new customer up through the real flow (code read from the SMTP catcher). */
export async function signUp(t: TestApp, client: TestClient, email: string, password = 'correct horse 1') {
  const before = t.mail.forAddress(email).length;
  const sent = await client.post('/api/auth/verify-email', { email, sendCode: true });
  if (sent.status !== 200) throw new Error(`verify-email answered ${sent.status}`);
  const code = await t.mail.waitForCode(email, before);
  const res = await client.post('/api/auth/set-password', {
    email,
    password,
    confirmPassword: password,
    code,
  });
  if (res.status !== 200) throw new Error(`set-password answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.user as { id: number; email: string; role: string };
}

/** Password step, code mailed, code step: what the sign-in screen does. */
export async function signIn(t: TestApp, client: TestClient, email: string, password: string) {
  const login = await client.post('/api/auth/login', { email, password, noSession: true });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const before = t.mail.forAddress(email).length;
  const sent = await client.post('/api/auth/verify-email', { email, sendCode: true });
  if (sent.status !== 200) throw new Error(`verify-email answered ${sent.status}`);
  const code = await t.mail.waitForCode(email, before);
  const res = await client.post('/api/auth/verify-code', { email, code, login: true });
  if (res.status !== 200) throw new Error(`verify-code answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.user as { id: number; email: string; role: string };
}

/** A browser in which a new customer with this e-mail is signed in. */
export async function signedInCustomer(t: TestApp, email: string) {
  const client = t.client();
  const user = await signUp(t, client, email);
  return { client, user };
}

/** A browser in which an administrator is signed in. */
export async function signedInAdmin(t: TestApp, email = 'staff@example.com', password = 'staff password 1') {
  return signedInStaff(t, 'ADMIN', email, password);
}

/** A browser in which a member of staff with this role is signed in. */
export async function signedInStaff(
  t: TestApp,
  role: StaffRole,
  email = `${role.toLowerCase()}@example.com`,
  password = 'staff password 1',
) {
  await t.database.db
    .insert(users)
    .values({ email, password: await hashPassword(password), role, verified: true })
    .onConflictDoNothing({ target: users.email });
  const client = t.client();
  const user = await signIn(t, client, email, password);
  return { client, user };
}
