/**
 * The customer side's languages (docs/i18n.md). One i18next instance with ICU MessageFormat; the
 * catalogues (`locales/<language>/<namespace>.json`) load through src/client/lib/page-locale.ts: the
 * common and sign-in texts a chunk each, every other screen's texts one chunk per language.
 */
import i18next, { type BackendModule, type Resource } from 'i18next';
import { IntlMessageFormat } from 'intl-messageformat';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../shared/locales.js';
import { icuMessages } from './lib/icu-messages';
import { initialLocale, loadCatalogue, rememberLocale, setDocumentLanguage } from './lib/page-locale';

// Each message's formatter asks which of its languages the browser supports; the first such question
// costs a phone about 0.2 s (the browser lists every locale it has), and ours are always supported.
IntlMessageFormat.resolveLocale = (locales) =>
  new Intl.Locale((Array.isArray(locales) ? locales[0] : locales) ?? DEFAULT_LOCALE);

/** Reads a catalogue through its dynamic import; a namespace with no file in a language is empty. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadCatalogue(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

/**
 * Starts i18n in `language`. `resources` are catalogues given up front (the client tests give every
 * English catalogue so screens render synchronously); everything else loads lazily.
 */
export async function initI18n(language: Locale = initialLocale(), resources?: Resource): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n
    .use(icuMessages())
    .use(initReactI18next)
    .use(lazyCatalogues)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      // 'es-US' is never asked for: the language is always one of LOCALES.
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      resources,
      partialBundledLanguages: true,
      initAsync: resources === undefined,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  setDocumentLanguage(language);
}

/** The active language. */
function activeLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * Switches the screens to `language` (loading its catalogues first, so nothing flashes in English).
 * `remember` keeps it as this browser's choice for the next visit.
 */
export async function changeLocale(language: Locale, { remember = false } = {}): Promise<void> {
  if (remember) rememberLocale(language);
  if (activeLocale() !== language) await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}
