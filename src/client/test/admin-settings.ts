/** Test fixtures for the Settings page: an admin session and the server's answers per category. */
import {
  SETTINGS_DEFAULTS,
  type SettingsByCategory,
  type SettingsCategory,
} from '../../shared/schemas/settings.js';
import { publicConfig } from './public-config';
import { makeUser, mockApi, type RecordedCall, sessionRoute } from './utils';

export const ADMIN = makeUser({ id: 1, email: 'admin@example.com', role: 'ADMIN', firstName: 'Ada' });

/** GET /api/settings/:category as the server answers it: every key, defaults filled in. */
export function entriesOf<C extends SettingsCategory>(
  category: C,
  values: Partial<SettingsByCategory[C]> = {},
) {
  return {
    body: Object.entries({ ...SETTINGS_DEFAULTS[category], ...values }).map(([key, value]) => ({
      key,
      value,
    })),
  };
}

export function settingsApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(ADMIN),
    'GET /api/config': publicConfig(),
    'GET /api/settings/general': entriesOf('general'),
    'GET /api/settings/notifications': entriesOf('notifications'),
    'GET /api/settings/integrations': entriesOf('integrations'),
    'GET /api/admin/api-keys': { body: [] },
    'GET /api/admin/service-areas': { body: { enabledZipCodes: [] } },
    ...routes,
  });
}

export function callsTo(calls: RecordedCall[], method: string, url: string) {
  return calls.filter((call) => call.method === method && call.url === url);
}

/** A reply the test releases when it wants, to look at the screen while a call is running. */
export function heldReply<T>(body: T) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    route: async () => {
      await released;
      return { body };
    },
    release: () => release(),
  };
}
