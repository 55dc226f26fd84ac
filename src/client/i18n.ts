/**
 * The customer side's languages (docs/i18n.md). One i18next instance with ICU MessageFormat; each
 * catalogue (`locales/<language>/<namespace>.json`) is its own lazy chunk, loaded when a screen first
 * asks for its namespace in that language, so the first load of a page carries only its own texts.
 */
import i18next, { type BackendModule, type Resource } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, resolveLocale } from '../shared/locales.js';

/** Where a visitor's choice is kept; a signed-in user's choice is stored on the server as well. */
export const LOCALE_STORAGE_KEY = 'orderflow:locale';

type Catalogue = { default: Record<string, unknown> };
const catalogues = import.meta.glob<Catalogue>('./locales/*/*.json');

/** Reads a catalogue through its dynamic import; a namespace with no file in a language is empty. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

/** The language the visitor chose on this browser earlier, if any. */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language to start in: this browser's earlier choice, else the browser's languages, else English. */
export function initialLocale(): Locale {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return resolveLocale(storedLocale(), browser);
}

/**
 * Starts i18n in `language`. `resources` are catalogues given up front (the client tests give every
 * English catalogue so screens render synchronously); everything else loads lazily.
 */
export async function initI18n(language: Locale = initialLocale(), resources?: Resource): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n
    .use(ICU)
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
export function activeLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

function setDocumentLanguage(language: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Switches the screens to `language` (loading its catalogues first, so nothing flashes in English).
 * `remember` keeps it as this browser's choice for the next visit.
 */
export async function changeLocale(language: Locale, { remember = false } = {}): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }
  if (activeLocale() !== language) await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}
