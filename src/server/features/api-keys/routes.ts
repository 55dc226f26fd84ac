import type { FastifyPluginAsync } from 'fastify';
import { apiKeyRoutes as routes } from '../../../shared/routes/api-keys.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { ApiKeyService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const config = { permission: 'admin.all' };

/** API keys: list, create (shown once; only a hash is kept), revoke. Paths and shapes: src/shared/routes/api-keys.ts. */
export const apiKeyRoutes: FastifyPluginAsync<{ apiKeys: ApiKeyService }> = async (
  app,
  { apiKeys: keys },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.list, {
    config,
    failures,
    handler: async () => (await keys.list()).map(toDto),
  });

  registerRoute(app, routes.create, {
    config,
    failures,
    handler: async (request) => {
      const created = await keys.create(request.body.name, auditActor(request));
      return { ...toDto(created), key: created.key };
    },
  });

  registerRoute(app, routes.revoke, {
    config,
    failures,
    handler: async (request) => {
      await keys.revoke(request.params.id, auditActor(request));
      return { message: 'API key revoked' };
    },
  });
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
