import type { FastifyPluginAsync } from 'fastify';
import { settingsRoutes as routes } from '../../../shared/routes/settings.js';
import { SETTINGS_CATEGORIES, type SettingsCategory } from '../../../shared/schemas/settings.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { ServiceAreaService } from '../service-areas/index.js';
import { settingsErrors } from './errors.js';
import type { SettingsService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const config = { permission: 'admin.all' };

/**
 * The Settings page's batch also names `users` and `apikeys`; both have their own endpoints with their
 * own rules (passwords hashed, keys shown once), so these names point there instead of storing
 * anything.
 */
const OWN_ENDPOINTS = new Map([
  ['users', 'Use the Admin Users endpoints (/api/settings/users/create, /api/admin/users) for admin users'],
  ['apikeys', 'Use the API Keys endpoints (/api/admin/api-keys) for API keys'],
]);

function settingsCategory(name: string): SettingsCategory {
  // A Map, not an object literal: `__proto__` or `constructor` must not find inherited members.
  const pointer = OWN_ENDPOINTS.get(name);
  if (pointer)
    throw settingsErrors.SETTINGS_CATEGORY_HAS_OWN_ENDPOINT(pointer, { fields: { category: pointer } });
  if (!(SETTINGS_CATEGORIES as readonly string[]).includes(name)) {
    throw settingsErrors.UNKNOWN_SETTINGS_CATEGORY(`Unknown settings category: ${name}`);
  }
  return name as SettingsCategory;
}

/**
 * GET /api/settings/:category and POST /api/settings/:category/batch. Paths and shapes:
 * src/shared/routes/settings.ts.
 */
export const settingsRoutes: FastifyPluginAsync<{
  settings: SettingsService;
  serviceAreas: ServiceAreaService;
}> = async (app, { settings, serviceAreas }) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.read, {
    config,
    failures,
    handler: async (request) => settings.entries(settingsCategory(request.params.category)),
  });

  // The body is validated per category by the service, which names each bad field.
  registerRoute(app, routes.saveBatch, {
    config,
    failures,
    handler: async (request) => {
      const category = settingsCategory(request.params.category);
      // Newly enabled ZIP codes move their orders, whichever way the list changes.
      const actor = auditActor(request);
      if (category === 'serviceareas') await serviceAreas.replace(request.body, actor);
      else await settings.save(category, request.body, undefined, actor);
      return { message: 'Settings saved' };
    },
  });
};
