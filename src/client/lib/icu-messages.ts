/**
 * ICU MessageFormat for i18next: each message parsed once, and one set of Intl formatters shared by all
 * of them. (The i18next-icu plugin gives every message its own number, date and plural formatters; a
 * screen's first render made a few hundred of them, a tenth of a second of a phone's main thread.)
 */
import type { I18nFormatModule } from 'i18next';
import { type Formatters, IntlMessageFormat } from 'intl-messageformat';
import { dateTimeFormat } from './dates';

type Arguments<T extends abstract new (...args: never[]) => unknown> = ConstructorParameters<T>;

/** Makes `create` once per distinct argument list. */
function cached<A extends unknown[], R>(create: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = create(...args);
      made.set(key, value);
    }
    return value;
  };
}

const sharedFormatters: Formatters = {
  getNumberFormat: cached((...args: Arguments<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
  // The same date formatters as the screens' own dates; a message's locale is always one language.
  getDateTimeFormat: (locale, options) =>
    dateTimeFormat(typeof locale === 'string' ? locale : undefined, options),
  getPluralRules: cached((...args: Arguments<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

/** What makes a message more than its own text: an argument, plural or select (`{`), or a quote (`'`). */
const ICU_SYNTAX = /[{']/;

interface LookupInfo {
  resolved?: { res?: unknown };
}

/** The i18next `i18nFormat` module. */
export function icuMessages(): I18nFormatModule & {
  parse(
    message: string,
    values: Record<string, unknown> | undefined,
    language: string,
    namespace: string,
    key: string,
    info?: LookupInfo,
  ): unknown;
  addLookupKeys(keys: string[]): string[];
} {
  const compiled = new Map<string, IntlMessageFormat>();
  return {
    type: 'i18nFormat',
    parse(message, values, language, namespace, key, info) {
      // Most messages are plain text: without a brace or an apostrophe (ICU's quote) there is nothing to
      // parse or fill in, and the text is the answer as it stands.
      if (!ICU_SYNTAX.test(message)) return message;
      const id = `${language}\u0000${namespace}\u0000${key}`;
      let format = compiled.get(id);
      try {
        if (!format) {
          // Tags stay text: react-i18next's <Trans> fills its <0></0> placeholders itself.
          format = new IntlMessageFormat(message, language, undefined, {
            ignoreTag: true,
            formatters: sharedFormatters,
          });
          // A key missing from the catalogue falls back to the key itself: not worth keeping.
          if (!info || info.resolved?.res) compiled.set(id, format);
        }
        return format.format(values as Record<string, string | number>);
      } catch {
        // A message that does not parse, or lacks a value, shows as written rather than breaking the screen.
        return message;
      }
    },
    // Plural and select live inside one ICU message: no extra keys to look up.
    addLookupKeys: (keys) => keys,
  };
}
