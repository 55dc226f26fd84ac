import type { PublicConfig } from '../../shared/schemas/config.js';
import { SETTINGS_DEFAULTS } from '../../shared/schemas/settings.js';

/** GET /api/config as the server answers it with the default General settings, plus overrides. */
export function publicConfig(overrides: Partial<PublicConfig> = {}): { body: PublicConfig } {
  const { companyName, brandColor, faqUrl, storeUrl, membersAreaUrl } = SETTINGS_DEFAULTS.general;
  return {
    body: {
      googleMapsApiKey: null,
      isDevelopment: true,
      companyName,
      brandColor,
      faqUrl,
      storeUrl,
      membersAreaUrl,
      locales: ['en', 'es', 'fr'],
      ...overrides,
    },
  };
}
