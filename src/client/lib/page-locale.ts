/**
 * The page's language without i18next: the browser's stored choice, the language to start in, the
 * catalogue files, and `<html lang>`, which is the page's language for everything that asks (the API
 * calls' Accept-Language, the sign-in screen's texts). Both the full app's i18next (src/client/i18n.ts)
 * and the sign-in screen's light texts (src/client/lib/texts.ts) build on it.
 */
import { DEFAULT_LOCALE, isLocale, type Locale, resolveLocale } from '../../shared/locales.js';

/** Where a visitor's choice is kept; a signed-in user's choice is stored on the server as well. */
export const LOCALE_STORAGE_KEY = 'orderflow:locale';

export type Messages = Record<string, unknown>;
/** The sign-in screen's texts and the common ones, a chunk each: all the sign-in app loads. */
const ownChunks = import.meta.glob<{ default: Messages }>([
  '../locales/*/auth.json',
  '../locales/*/common.json',
]);
/** Every other screen's texts, one chunk per language. */
const screenTexts = import.meta.glob<{ default: Record<string, Messages> }>('../locales/*/texts.ts');

/** A catalogue through its dynamic import; a namespace with no file in a language is empty. */
export async function loadCatalogue(language: string, namespace: string): Promise<Messages> {
  const own = ownChunks[`../locales/${language}/${namespace}.json`];
  if (own) return (await own()).default;
  const screens = screenTexts[`../locales/${language}/texts.ts`];
  return screens ? ((await screens()).default[`./${namespace}.json`] ?? {}) : {};
}

/** Every screen namespace of a language, loaded (its texts are one chunk). */
export async function screenNamespaces(language: string): Promise<string[]> {
  const screens = screenTexts[`../locales/${language}/texts.ts`];
  const catalogues = screens ? (await screens()).default : {};
  return Object.keys(catalogues).map((file) => file.replace(/^\.\/|\.json$/g, ''));
}

/** Starts loading a language's screen texts, so that a page's screens find theirs when they render. */
export function preloadScreenTexts(language: string): void {
  screenTexts[`../locales/${language}/texts.ts`]?.().catch(() => {
    // A screen asking for its texts meets the same failure and shows it.
  });
}

/** The language the visitor chose on this browser earlier, if any. */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps `language` as this browser's choice for the next visit. */
export function rememberLocale(language: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** The language to start in: this browser's earlier choice, else the browser's languages, else English. */
export function initialLocale(): Locale {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return resolveLocale(storedLocale(), browser);
}

export function setDocumentLanguage(language: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language the page is shown in (set on `<html lang>` by whichever texts run). */
export function pageLocale(): Locale {
  const language = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
