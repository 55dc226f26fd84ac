import type { FastifyPluginAsync } from 'fastify';
import { plural } from '../../../shared/plural.js';
import { serviceAreaRoutes as routes } from '../../../shared/routes/service-areas.js';
import { revalidationSummary } from '../../../shared/schemas/service-areas.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { ServiceAreaService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const config = { permission: 'admin.all' };

/** Enabled ZIP codes and location revalidation. Paths and shapes: src/shared/routes/service-areas.ts. */
export const serviceAreaRoutes: FastifyPluginAsync<{ serviceAreas: ServiceAreaService }> = async (
  app,
  { serviceAreas },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.list, {
    config,
    failures,
    handler: async () => ({ enabledZipCodes: await serviceAreas.list() }),
  });

  registerRoute(app, routes.add, {
    config,
    failures,
    handler: async (request) => {
      const { added, enabledZipCodes, updatedOrders, updatedItems } = await serviceAreas.add(
        request.body.zipCode,
        auditActor(request),
      );
      return { message: addedMessage(added), enabledZipCodes, updatedOrders, updatedItems };
    },
  });

  registerRoute(app, routes.remove, {
    config,
    failures,
    handler: async (request) => {
      await serviceAreas.remove(request.params.zipCode, auditActor(request));
      return { message: `ZIP code ${request.params.zipCode} removed` };
    },
  });

  registerRoute(app, routes.revalidate, {
    config,
    failures,
    handler: async (request) => {
      const update = await serviceAreas.revalidate(auditActor(request));
      return { message: revalidationSummary(update), ...update };
    },
  });
};

function addedMessage(added: readonly string[]): string {
  if (added.length === 0) return 'These ZIP codes are already enabled';
  return `${plural(added.length, 'ZIP code', 'ZIP codes')} ${added.join(', ')} enabled`;
}
