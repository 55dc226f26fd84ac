/**
 * What the bare references (bench/servers/*-bare.ts) share: a `pg` pool of BENCH_POOL_SIZE on
 * BENCH_DATABASE_URL, the session check written by hand (the cookie's token hashed with SHA-256, one
 * statement that finds the live session and its user, as the product's session lookup does), JSON
 * answers and a `node:http` server that announces its port and closes its pool on SIGTERM.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { announceListening } from './server-process.js';

/** The product's session cookie: the load generator sends the cookie the product set at sign-in. */
const SESSION_COOKIE = 'orderflow_session';

export const pool = new pg.Pool({
  connectionString: process.env.BENCH_DATABASE_URL,
  max: Number(process.env.BENCH_POOL_SIZE ?? 10),
});

/**
 * The live session of a token hash and its user, with what the product reads for every signed-in
 * request: whether a staff member must still enrol a second factor, and the session's last use. Sent
 * as a named statement, parsed once per connection, as the product sends its own.
 */
const SESSION_SQL = `
  select u.id, u.email, u.role, u.first_name, u.last_name, u.phone_number, u.locale,
    (u.role in ('ADMIN', 'OPERATIONS', 'SUPPORT', 'VIEWER')
      and exists (select 1 from settings s where s.key = 'requireSecondFactor' and s.value = 'true'::jsonb)
      and not exists (select 1 from totp_secrets t where t.user_id = u.id and t.confirmed_at is not null)
      and not exists (select 1 from passkeys p where p.user_id = u.id)) as must_enrol,
    s.id as session_id, s.expires_at, s.last_seen_at
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.expires_at > $2
  limit 1`;

export interface BareUser {
  id: number;
  role: string;
}

function sessionToken(cookie: string | undefined): string | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value;
  }
  return undefined;
}

/** The signed-in user of the request, or undefined once a 401 has been answered. */
export async function signedIn(req: IncomingMessage, res: ServerResponse): Promise<BareUser | undefined> {
  const token = sessionToken(req.headers.cookie);
  if (!token) {
    send(res, 401, { message: 'Not signed in' });
    return undefined;
  }
  const found = await pool.query({
    name: 'bare_session_user',
    text: SESSION_SQL,
    values: [createHash('sha256').update(token).digest('hex'), new Date().toISOString()],
  });
  const user = found.rows[0] as BareUser | undefined;
  if (!user) send(res, 401, { message: 'Not signed in' });
  return user;
}

/** Extra headers every answer carries (BENCH_RESPONSE_HEADERS, captured from the full stack). */
const headers: Record<string, string> = JSON.parse(process.env.BENCH_RESPONSE_HEADERS ?? '{}');
headers['content-type'] ??= 'application/json; charset=utf-8';

export function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Serves `answer` on a free loopback port until SIGTERM; an error answers 500 with its message logged. */
export function serveBare(answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => {
    answer(req, res).catch((err) => {
      console.error(err);
      send(res, 500, { message: 'Internal server error' });
    });
  });
  server.listen(0, '127.0.0.1', () => announceListening((server.address() as AddressInfo).port));
  const shutdown = () => server.close(() => void pool.end().then(() => process.exit(0)));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
