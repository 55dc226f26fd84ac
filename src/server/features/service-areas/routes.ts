import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addServiceAreaResultSchema,
  addServiceAreaSchema,
  revalidateResultSchema,
  revalidationSummary,
  serviceAreasSchema,
  zipCodeParamsSchema,
} from '../../../shared/schemas/service-areas.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { ServiceAreaService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Enabled ZIP codes and location revalidation. */
export const serviceAreaRoutes: FastifyPluginAsyncZod<{ serviceAreas: ServiceAreaService }> = async (
  app,
  { serviceAreas },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/service-areas',
    { config: { permission: 'admin.all' }, schema: { response: { 200: serviceAreasSchema, ...failures } } },
    async () => ({ enabledZipCodes: await serviceAreas.list() }),
  );

  app.post(
    '/api/admin/service-areas',
    {
      config: { permission: 'admin.all' },
      schema: { body: addServiceAreaSchema, response: { 200: addServiceAreaResultSchema, ...failures } },
    },
    async (request) => {
      const { added, enabledZipCodes, updatedOrders, updatedItems } = await serviceAreas.add(
        request.body.zipCode,
        auditActor(request),
      );
      return { message: addedMessage(added), enabledZipCodes, updatedOrders, updatedItems };
    },
  );

  app.delete(
    '/api/admin/service-areas/:zipCode',
    {
      config: { permission: 'admin.all' },
      schema: {
        params: zipCodeParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...failures },
      },
    },
    async (request) => {
      await serviceAreas.remove(request.params.zipCode, auditActor(request));
      return { message: `ZIP code ${request.params.zipCode} removed` };
    },
  );

  app.post(
    '/api/admin/revalidate-locations',
    {
      config: { permission: 'admin.all' },
      schema: { response: { 200: revalidateResultSchema, ...failures } },
    },
    async (request) => {
      const update = await serviceAreas.revalidate(auditActor(request));
      return { message: revalidationSummary(update), ...update };
    },
  );
};

function addedMessage(added: readonly string[]): string {
  if (added.length === 0) return 'These ZIP codes are already enabled';
  return `${added.length === 1 ? 'ZIP code' : 'ZIP codes'} ${added.join(', ')} enabled`;
}
