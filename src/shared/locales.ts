/**
 * The languages of the customer side (portal, sign-in, tracking page, e-mails) and the one rule that
 * picks a language: the user's stored choice, else the browser's (Accept-Language / navigator.languages),
 * else English. Client and server both use it.
 */

export const LOCALES = ['en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The tag Intl formats with: amounts are US dollars, so English and Spanish read them the US way. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language among language tags in order of preference ('fr-CA' counts as 'fr'). */
export function firstSupportedLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return null;
}

/** The tags of an Accept-Language header, most preferred first ('fr-CA,fr;q=0.9,en;q=0.8'). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language to use: the stored choice, else the first supported browser language, else English. */
export function resolveLocale(stored: string | null | undefined, browserTags: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return firstSupportedLocale(browserTags) ?? DEFAULT_LOCALE;
}
