import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { FirstScreenRenderer } from '../shared/first-screen.js';
import { composeServices, type Services } from './compose.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './features/account/routes.js';
import { adminOrderRoutes } from './features/admin-orders/routes.js';
import { apiKeyRoutes } from './features/api-keys/routes.js';
import { auditRoutes } from './features/audit/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { sessionRoutes } from './features/auth/session-routes.js';
import { conversationRoutes, conversationStaffRoutes } from './features/conversations/routes.js';
import { customerAdminRoutes } from './features/customers/routes.js';
import { deliveryBookingRoutes, deliverySlotAdminRoutes } from './features/delivery-booking/routes.js';
import { financingRoutes, financingStaffRoutes } from './features/financing/routes.js';
import { forecastRoutes } from './features/forecast/routes.js';
import { helpRoutes } from './features/help/routes.js';
import { importRoutes } from './features/imports/routes.js';
import { webhookEventRoutes, webhookRoutes } from './features/inbound-webhooks/routes.js';
import { insightsRoutes } from './features/insights/routes.js';
import { onboardingRoutes } from './features/onboarding/routes.js';
import { orderEntryRoutes } from './features/order-entry/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { automationRoutes } from './features/outbound-webhooks/routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { secondFactorRoutes } from './features/second-factor/routes.js';
import { serviceAreaRoutes } from './features/service-areas/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import {
  staffInvitationAdminRoutes,
  staffInvitationRoutesPublic,
} from './features/staff-invitations/routes.js';
import { staffPreferenceRoutes } from './features/staff-preferences/routes.js';
import { systemRoutes } from './features/system/routes.js';
import { trackingRoutes } from './features/tracking/routes.js';
import { registerClientFiles, registerCompression } from './http/compression.js';
import { registerCsrfGuard } from './http/csrf.js';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler.js';
import { builtRenderer, firstScreenDrawer } from './http/first-screen.js';
import { registerInputGuards } from './http/input-guards.js';
import { registerOpenApi } from './http/openapi.js';
import { pageFileChooser } from './http/page-files.js';
import { databaseRateLimitStore, purgeRateLimitHits } from './http/rate-limit-store.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createHttpServer, registerNoStore, serializeRequest, trustProxy } from './http/server.js';
import { registerSessionLoader } from './http/session.js';
import { type Clock, systemClock } from './lib/clock.js';
import { PROJECT_ROOT } from './lib/project-root.js';
import { registerLive } from './live/routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { registerMetrics } from './metrics/index.js';
import { registerOutboxWorkers } from './outbox/workers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The composed services (tests and tools reach the one order writer through it). */
    services: Services;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Folder of the built client; served with an SPA fallback when it exists. */
  clientDir?: string | null;
  /**
   * Draws the customer pages' first screens (decision 300); by default the build's module beside the
   * client's folder, if there is one. null: never (every page gets its plain file).
   */
  firstScreen?: FirstScreenRenderer | null;
  /** The live connection's ping interval in ms (tests shorten it). */
  liveHeartbeatMs?: number;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (tests check the OpenAPI document covers them all). */
  onRoute?: (route: RouteOptions) => void;
}

const DEFAULT_CLIENT_DIR = join(PROJECT_ROOT, 'dist/client');

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
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());

  registerSecurityHeaders(app, {
    production: config.isProduction,
    mapsEnabled: Boolean(config.googleMapsApiKey),
  });
  // Before every route: its hook is attached to each route as it is added.
  await registerCompression(app);
  await app.register(cookie);
  await registerRateLimits(app, config, database.db);
  registerErrorHandler(app, { storage: database.storage });
  registerInputGuards(app);
  registerNoStore(app);
  registerCsrfGuard(app, config.publicUrl);

  const db = database.db;
  const services = composeServices({ config, db, clock, mailer, log: app.log });
  app.decorate('services', services);
  const { auth } = services;
  registerSessionLoader(app, auth.sessions, { clock, staffIdleMinutes: config.staffIdleMinutes });
  // Before every route: the document is built from the routes registered after it.
  await registerOpenApi(app);
  schedulePurge(
    app,
    async () =>
      (await auth.purgeExpired()) +
      (await purgeRateLimitHits(db)) +
      (await services.conversations.uploads.purgeAbandoned()),
  );
  const live = await registerLive(app, {
    config,
    database,
    clock,
    sessions: auth.sessions,
    heartbeatMs: deps.liveHeartbeatMs,
    // Units moved (one order, or many in a bulk job), committed on this instance or another.
    onBusMessage: (message) => {
      if (
        message.kind === 'status' ||
        (message.kind === 'staff' && message.message.type === 'orders_changed')
      ) {
        services.adminOrders.noteCommittedChange();
      }
    },
  });
  // A bulk job's progress goes to this instance's staff sockets as it moves, not through the database,
  // whose only embedded connection the job holds until it ends (decision 309).
  const stopProgress = services.adminOrders.jobs.onProgress((progress) => {
    void live.receive({ kind: 'staff', message: { type: 'bulk_job_progress', ...progress } });
  });
  app.addHook('onClose', async () => stopProgress());
  // Notification e-mail and automation webhooks: durable queues, sent by these workers.
  registerOutboxWorkers(app, { clock, pollMs: config.outbox.pollMs, senders: services.senders });
  // Before the feature routes, so that its timing hook sees every one of them.
  registerMetrics(app, {
    token: config.metricsToken,
    db,
    clock,
    live,
    imports: services.imports,
    storage: database.storage,
  });

  const perMinuteLimit = config.authLimits.requestsPerMinute;
  await app.register(systemRoutes, { config, database, settings: services.settings });
  await app.register(authRoutes, { auth, config, perMinuteLimit });
  await app.register(sessionRoutes, { auth, config });
  await app.register(secondFactorRoutes, { secondFactor: services.secondFactor, perMinuteLimit });
  await app.register(orderRoutes, {
    orders: services.orderViews,
    publicUrl: config.publicUrl,
    allowPrivateTargets: config.allowPrivateWebhookTargets,
  });
  await app.register(trackingRoutes, { tracking: services.tracking });
  await app.register(helpRoutes, { settings: services.settings });
  await app.register(onboardingRoutes, { onboarding: services.onboarding });
  await app.register(accountRoutes, { account: services.account, perMinuteLimit });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(adminOrderRoutes, { adminOrders: services.adminOrders });
  await app.register(orderEntryRoutes, { orderEntry: services.orderEntry });
  await app.register(forecastRoutes, { forecast: services.forecast });
  await app.register(insightsRoutes, { insights: services.insights });
  await app.register(customerAdminRoutes, { customers: services.customers });
  await app.register(staffInvitationAdminRoutes, { invitations: services.staffInvitations });
  await app.register(staffInvitationRoutesPublic, { invitations: services.staffInvitations, perMinuteLimit });
  await app.register(settingsRoutes, { settings: services.settings, serviceAreas: services.serviceAreas });
  await app.register(serviceAreaRoutes, { serviceAreas: services.serviceAreas });
  await app.register(apiKeyRoutes, { apiKeys: services.apiKeys });
  await app.register(staffPreferenceRoutes, { staffPreferences: services.staffPreferences });
  await app.register(webhookRoutes, { webhooks: services.webhooks, apiKeys: services.apiKeys });
  await app.register(webhookEventRoutes, { webhooks: services.webhooks });
  await app.register(automationRoutes, { automation: services.automation });
  await app.register(importRoutes, { imports: services.imports });
  await app.register(deliverySlotAdminRoutes, { delivery: services.delivery });
  await app.register(deliveryBookingRoutes, { delivery: services.delivery });
  await app.register(financingRoutes, { financing: services.financing });
  await app.register(financingStaffRoutes, { financing: services.financing });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(conversationRoutes, { conversations: services.conversations });
  await app.register(conversationStaffRoutes, { conversations: services.conversations });

  const clientDir = deps.clientDir === undefined ? DEFAULT_CLIENT_DIR : deps.clientDir;
  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));
  if (clientDir && hasClient) {
    await registerClientFiles(app, clientDir);
  }
  const render =
    clientDir && hasClient
      ? deps.firstScreen === undefined
        ? builtRenderer(clientDir)
        : (deps.firstScreen ?? undefined)
      : undefined;
  registerNotFoundHandler(app, {
    pageFile: clientDir && hasClient ? pageFileChooser(clientDir, auth.sessions) : undefined,
    drawnPage: clientDir && render ? firstScreenDrawer(app, clientDir, render) : undefined,
  });

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
