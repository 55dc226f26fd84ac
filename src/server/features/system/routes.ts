import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../shared/locales.js';
import { systemRoutes as routes } from '../../../shared/routes/system.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { defineErrors } from '../../lib/errors.js';
import type { SettingsService } from '../settings/index.js';

export const systemErrors = defineErrors({
  DATABASE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  STORAGE_FULL: 'SERVICE_UNAVAILABLE',
});

export interface SystemRouteOptions {
  config: Config;
  database: Database;
  settings: SettingsService;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRouteOptions> = async (
  app,
  { config, database, settings },
) => {
  app.get(
    '/healthz',
    {
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
      // A constant answer: skip the Zod pass that every other route's answer goes through.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorBody },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        // Only after a write failed for want of space: a small write tells whether there is room again.
        if (await database.storage.recheck(() => database.probeWrite())) {
          return reply.status(503).send({
            code: 'STORAGE_FULL',
            message: 'The database cannot write: its disk is full',
          });
        }
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply.status(503).send({ code: 'DATABASE_UNAVAILABLE', message: 'Database not reachable' });
      }
    },
  );

  /** The only configuration the browser receives: a named, public subset (src/shared/routes/system.ts). */
  registerRoute(app, routes.publicConfig, {
    handler: async () => {
      const general = await settings.read('general');
      return {
        googleMapsApiKey: config.googleMapsApiKey ?? null,
        isDevelopment: !config.isProduction,
        companyName: general.companyName,
        brandColor: general.brandColor,
        faqUrl: general.faqUrl,
        storeUrl: general.storeUrl,
        membersAreaUrl: general.membersAreaUrl,
        locales: [...LOCALES],
      };
    },
  });
};
