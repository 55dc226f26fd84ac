import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales.js';
import { helpRoutes as routes } from '../../../shared/routes/help.js';
import type { HelpPage } from '../../../shared/schemas/help.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { localeOfAcceptLanguage } from '../../mail/i18n.js';
import type { SettingsService } from '../settings/index.js';

/**
 * GET /api/help: the built-in help page's questions and answers (Settings → Help) in the reader's
 * language, public like the help page itself, which visitors on the tracking page and customers with no
 * password yet need as much as anyone (decision 266). Paths and shapes: src/shared/routes/help.ts.
 */
export const helpRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  registerRoute(app, routes.page, {
    failures: { 400: errorBody },
    handler: async (request) => {
      const locale: Locale =
        request.query.locale ?? localeOfAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
      const [{ helpEntries }, { contactEmail }] = await Promise.all([
        settings.read('help'),
        settings.read('general'),
      ]);
      const page: HelpPage = {
        locale,
        // An entry not translated yet is shown in English rather than left out.
        items: helpEntries.map((entry) => ({
          id: entry.id,
          question: entry.question[locale] || entry.question.en,
          answer: entry.answer[locale] || entry.answer.en,
        })),
        contactEmail,
      };
      return page;
    },
  });
};
