import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from '../../../shared/schemas/api-keys.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { ApiKeyService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** API keys: list, create (shown once; only a hash is kept), revoke. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeyService }> = async (
  app,
  { apiKeys: keys },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/api-keys',
    {
      config: { permission: 'admin.all' },
      schema: { response: { 200: z.array(apiKeySchema), ...failures } },
    },
    async () => (await keys.list()).map(toDto),
  );

  app.post(
    '/api/admin/api-keys',
    {
      config: { permission: 'admin.all' },
      schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema, ...failures } },
    },
    async (request, reply) => {
      const created = await keys.create(request.body.name, auditActor(request));
      return reply.status(201).send({ ...toDto(created), key: created.key });
    },
  );

  app.delete(
    '/api/admin/api-keys/:id',
    {
      config: { permission: 'admin.all' },
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }), ...failures } },
    },
    async (request) => {
      await keys.revoke(request.params.id, auditActor(request));
      return { message: 'API key revoked' };
    },
  );
};

function toDto(row: { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
