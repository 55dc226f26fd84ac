import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './features/account/routes.js';
import { createAccountService } from './features/account/service.js';
import { adminOrderRoutes } from './features/admin-orders/routes.js';
import { apiKeyRoutes } from './features/api-keys/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { createAuthService } from './features/auth/service.js';
import { automationRoutes } from './features/automation/routes.js';
import { customerAdminRoutes } from './features/customers/routes.js';
import type { FeatureDeps } from './features/deps.js';
import { importRoutes } from './features/imports/routes.js';
import { registerOutboxWorkers } from './features/notifications/workers.js';
import { onboardingRoutes } from './features/onboarding/routes.js';
import { createOnboardingService } from './features/onboarding/service.js';
import { orderRoutes } from './features/orders/routes.js';
import { createOrderService } from './features/orders/service.js';
import { paymentRoutes } from './features/payments/routes.js';
import { serviceAreaRoutes } from './features/service-areas/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import { createSettingsService } from './features/settings/service.js';
import { systemRoutes } from './features/system/routes.js';
import { webhookEventRoutes, webhookRoutes } from './features/webhooks/routes.js';
import { registerCsrfGuard } from './http/csrf.js';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler.js';
import { registerInputGuards } from './http/input-guards.js';
import { databaseRateLimitStore, purgeRateLimitHits } from './http/rate-limit-store.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createHttpServer, registerNoStore, serializeRequest, trustProxy } from './http/server.js';
import { registerSessionLoader } from './http/session.js';
import { type Clock, systemClock } from './lib/clock.js';
import { registerLive } from './live/routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Folder of the built client; served with an SPA fallback when it exists. */
  clientDir?: string | null;
  /** The live connection's ping interval in ms (tests shorten it). */
  liveHeartbeatMs?: number;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
}

const DEFAULT_CLIENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify<Server>({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest },
      ...(deps.logStream && { stream: deps.logStream }),
    },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxy(config.trustProxy),
    serverFactory: (handler) => createHttpServer(config.timeouts, handler),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());

  registerSecurityHeaders(app, { production: config.isProduction });
  await app.register(cookie);
  await registerRateLimits(app, config, database.db);
  registerErrorHandler(app);
  registerInputGuards(app);
  registerNoStore(app);
  registerCsrfGuard(app, config.publicUrl);

  const auth = createAuthService({
    db: database.db,
    mailer,
    clock,
    sessionTtlHours: config.sessionTtlHours,
    codeLimits: { perEmail: config.authLimits.codesPerEmail, perIp: config.authLimits.codesPerIp },
  });
  registerSessionLoader(app, auth.sessions);
  schedulePurge(app, async () => (await auth.purgeExpired()) + (await purgeRateLimitHits(database.db)));
  await registerLive(app, {
    config,
    database,
    clock,
    sessions: auth.sessions,
    heartbeatMs: deps.liveHeartbeatMs,
  });

  const db = database.db;
  const settings = createSettingsService({ db, clock, config });
  await app.register(systemRoutes, { config, database, settings });
  await app.register(authRoutes, { auth, config, perMinuteLimit: config.authLimits.requestsPerMinute });
  await app.register(orderRoutes, { orders: createOrderService({ db, clock }) });
  await app.register(onboardingRoutes, { onboarding: createOnboardingService({ db, clock }) });
  await app.register(accountRoutes, {
    account: createAccountService({ db, clock }),
    perMinuteLimit: config.authLimits.requestsPerMinute,
  });

  // Notification e-mail and automation webhooks: durable queues, sent by these workers.
  registerOutboxWorkers(app, { db, clock, mailer, config });

  const featureDeps: FeatureDeps = { db, clock, mailer, config, settings };
  for (const routes of [
    paymentRoutes,
    adminOrderRoutes,
    customerAdminRoutes,
    settingsRoutes,
    serviceAreaRoutes,
    apiKeyRoutes,
    webhookRoutes,
    webhookEventRoutes,
    automationRoutes,
    importRoutes,
  ]) {
    await app.register(routes, featureDeps);
  }

  const clientDir = deps.clientDir === undefined ? DEFAULT_CLIENT_DIR : deps.clientDir;
  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));
  if (clientDir && hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  registerNotFoundHandler(app, { spaFallback: hasClient });

  return app;
}

/**
 * Per-route request limits, counted where every instance sees them: in Redis when REDIS_URL is set,
 * else in the database.
 */
async function registerRateLimits(app: FastifyInstance, config: Config, db: Database['db']) {
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
    return;
  }
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: config.redisKeyPrefix });
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Expired sign-in rows are removed hourly; the timer never keeps the process alive. */
function schedulePurge(app: FastifyInstance, purge: () => Promise<number>) {
  const timer = setInterval(() => {
    purge().then(
      (removed) => app.log.debug({ removed }, 'purged expired sign-in rows'),
      (err) => app.log.warn({ err }, 'purging expired sign-in rows failed'),
    );
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
