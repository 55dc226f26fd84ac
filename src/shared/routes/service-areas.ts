/** Service areas (admin only): the enabled ZIP codes, adding and removing them, and location revalidation. */
import { messageSchema } from '../schemas/common.js';
import {
  addServiceAreaResultSchema,
  addServiceAreaSchema,
  revalidateResultSchema,
  serviceAreasSchema,
  zipCodeParamsSchema,
} from '../schemas/service-areas.js';
import { defineRoute } from './define-route.js';

export const serviceAreaRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/service-areas',
    responses: { 200: serviceAreasSchema },
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/admin/service-areas',
    body: addServiceAreaSchema,
    responses: { 200: addServiceAreaResultSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/admin/service-areas/:zipCode',
    params: zipCodeParamsSchema,
    responses: { 200: messageSchema },
  }),
  revalidate: defineRoute({
    method: 'POST',
    path: '/api/admin/revalidate-locations',
    responses: { 200: revalidateResultSchema },
  }),
};
