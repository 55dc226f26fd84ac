/** The API keys routes (admin only): list, create (the whole key is answered once), revoke. */
import * as z from 'zod/mini';
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from '../schemas/api-keys.js';
import { idParams, messageSchema } from '../schemas/common.js';
import { defineRoute } from './define-route.js';

export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/api-keys',
    responses: { 200: z.array(apiKeySchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/api-keys',
    body: createApiKeySchema,
    responses: { 201: createdApiKeySchema },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/admin/api-keys/:id',
    params: idParams,
    responses: { 200: messageSchema },
  }),
};
