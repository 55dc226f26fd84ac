/**
 * The server's side of decision 300, built for Node on its own (`vite build --ssr`, scripts/build-steps.mjs;
 * never part of the browser's chunks): draws a first screen with the app's own components from the
 * answers the server read, in the visitor's language. The server (src/server/http/first-screen.ts)
 * loads the built module and puts the markup into the page.
 */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FirstScreen } from '../../shared/first-screen.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.js';
import { AppTree } from '../app-tree';
// The same message formatting as the browser's (its ICU plugin and its locale resolution).
import '../i18n';
import { icuMessages } from '../lib/icu-messages';
import { createQueryClient } from '../lib/query-client';
import { seedFirstScreen } from './seed';

type Messages = Record<string, unknown>;
const ownCatalogues = import.meta.glob<Messages>('../locales/*/{auth,common}.json', {
  eager: true,
  import: 'default',
});
const screenCatalogues = import.meta.glob<Record<string, Messages>>('../locales/*/texts.ts', {
  eager: true,
  import: 'default',
});

/** Every catalogue of every language, as i18next takes them: { en: { orders: {...}, ... }, ... }. */
function allTexts(): Resource {
  const resources: Resource = {};
  const add = (file: string, messages: Messages) => {
    const [, language, namespace] = /locales\/(\w+)\/(?:.*\/)?(\w+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) return;
    resources[language] ??= {};
    resources[language][namespace] = messages;
  };
  for (const [file, messages] of Object.entries(ownCatalogues)) add(file, messages);
  for (const [file, catalogues] of Object.entries(screenCatalogues)) {
    const folder = file.replace(/texts\.ts$/, '');
    for (const [name, messages] of Object.entries(catalogues))
      add(folder + name.replace(/^\.\//, ''), messages);
  }
  return resources;
}

/** One i18next instance per language, made once: each draws in its own language and never changes it. */
const instances = new Map<Locale, I18n>();
function textsIn(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.use(icuMessages()).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    defaultNS: 'common',
    resources: allTexts(),
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });
  instances.set(locale, instance);
  return instance;
}

/** A drawing still not done by then is given up: the page goes out with its plain frame instead. */
const RENDER_TIMEOUT_MS = 5_000;

/** The markup of `screen`'s address, drawn from its answers; React escapes every text it writes. */
export async function renderFirstScreen(screen: FirstScreen): Promise<string> {
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, screen);
  try {
    // Waits for the screen's lazily loaded parts: the answer is the whole first screen, not a fallback.
    const { prelude } = await prerenderToNodeStream(
      <StaticRouter location={screen.url}>
        <AppTree queryClient={queryClient} i18n={textsIn(screen.locale)} />
      </StaticRouter>,
      // One piece of markup, every boundary in place: React outlines a large boundary otherwise, to be
      // moved into place by an inline script, which the page's Content-Security-Policy does not allow.
      { progressiveChunkSize: Number.POSITIVE_INFINITY, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) },
    );
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    return html;
  } finally {
    queryClient.clear();
  }
}
