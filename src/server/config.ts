import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** `1`/`true` switches a feature on; unset, empty, `0` or `false` leaves it off. */
const flag = z
  .enum(['', '0', '1', 'false', 'true'], { message: 'must be 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalText.pipe(z.url().optional()),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: optionalText,
    ADMIN_EMAIL: z.email({ pattern: z.regexes.html5Email }).default('admin@localhost'),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
    STAFF_IDLE_MINUTES: z.coerce.number().nonnegative().default(60),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
    GOOGLE_MAPS_API_KEY: optionalText,
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
    CODES_PER_EMAIL: z.coerce.number().int().positive().default(5),
    CODES_PER_IP: z.coerce.number().int().positive().default(20),
    OUTBOX_POLL_MS: z.coerce.number().int().positive().default(5000),
    OUTBOUND_RETRY_BASE_MS: z.coerce.number().int().positive().default(10_000),
    OUTBOUND_RETRY_MAX_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 60_000),
    OUTBOUND_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
    OUTBOUND_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    MESSAGE_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(120),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PAYMENTS_TEST_MODE: flag,
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .regex(
          /^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
          'must be a hop count or comma-separated proxy addresses',
        )
        .optional(),
    ),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    ALLOW_PRIVATE_WEBHOOK_TARGETS: flag,
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    BACKUP_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (sign-in codes must never be written to the log)',
      });
    }
    if (env.PAYMENTS_TEST_MODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_TEST_MODE'],
        message: 'cannot be used in production (the test checkout marks deposits paid without payment)',
      });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'OrderFlow <no-reply@orderflow.local>',
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    /** A staff session unused this long ends (0: only SESSION_TTL_HOURS ends it). */
    staffIdleMinutes: env.STAFF_IDLE_MINUTES,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL,
    /** The built-in test checkout instead of "online payment unavailable" when no Stripe key applies. */
    paymentsTestMode: env.PAYMENTS_TEST_MODE,
    /** Fastify's trustProxy: a hop count, or the proxies' addresses; unset trusts no forwarded header. */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL,
    /** Prefix of the rate-limit keys in Redis (tests give each run its own). */
    redisKeyPrefix: 'orderflow:rate-limit:',
    /** Automation webhooks may reach loopback and private addresses (a receiver on this network). */
    allowPrivateWebhookTargets: env.ALLOW_PRIVATE_WEBHOOK_TARGETS,
    /** Bearer token for GET /metrics; unset, the endpoint answers 404. */
    metricsToken: env.METRICS_TOKEN,
    /** `npm run backup` encrypts with it, `npm run restore` needs it for an encrypted file (decision 207). */
    backupKey: env.BACKUP_KEY,
    /**
     * How long a new conversation message waits unread before its reader is mailed; reading it in that
     * time (on any device) withdraws the mail (decision 159).
     */
    messageMailDelayMs: env.MESSAGE_MAIL_DELAY_SECONDS * 1000,
    /** The HTTP server's own limits on receiving a request: its headers, and the whole request. */
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      headersMs: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    },
    /** Sign-in limits: requests a minute per IP, and codes per address and per IP in 15 minutes. */
    authLimits: {
      requestsPerMinute: env.AUTH_REQUESTS_PER_MINUTE,
      codesPerEmail: env.CODES_PER_EMAIL,
      codesPerIp: env.CODES_PER_IP,
    },
    /**
     * The notification e-mail and automation webhook queues: how often each instance looks for due
     * rows, and the retry schedule (base × 2^(attempt-1), capped; failed after maxAttempts).
     */
    outbox: {
      pollMs: env.OUTBOX_POLL_MS,
      retryBaseMs: env.OUTBOUND_RETRY_BASE_MS,
      retryMaxMs: env.OUTBOUND_RETRY_MAX_MS,
      maxAttempts: env.OUTBOUND_MAX_ATTEMPTS,
      timeoutMs: env.OUTBOUND_TIMEOUT_MS,
    },
  }));

export type Config = z.infer<typeof configSchema>;

function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') || 'environment';
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}

/** A config for tests and tools: defaults with overrides, never reading the process environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
