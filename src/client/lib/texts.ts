/**
 * Light texts for the sign-in screen, whose first load has no room for i18next and its ICU parser: the
 * same catalogues (src/client/locales, loaded as the same lazy chunks), formatted by a small reader of the
 * part of ICU MessageFormat those messages use (plain `{name}` arguments, quoting with apostrophes, and
 * `<strong>` tags through <RichText>). src/client/lib/texts.test.tsx holds it to i18next's answers for
 * every message of the namespaces read this way.
 */
import {
  cloneElement,
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useSyncExternalStore,
} from 'react';
import type { Locale } from '../../shared/locales.js';
import { loadCatalogue, type Messages, pageLocale, rememberLocale, setDocumentLanguage } from './page-locale';

export type TextValues = Record<string, string | number>;
export type TextFn = (key: string, values?: TextValues) => string;

const catalogues = new Map<string, Messages>();
const loading = new Map<string, Promise<void>>();
const namespaces = new Set<string>();
const listeners = new Set<() => void>();
const followers = new Set<(language: Locale) => void>();
let version = 0;

const slot = (language: string, namespace: string) => `${language}/${namespace}`;

/** Catalogues given up front (the client tests give the English ones so screens render synchronously). */
export function provideTexts(language: Locale, namespace: string, messages: Messages): void {
  catalogues.set(slot(language, namespace), messages);
}

/** Loads the namespaces' catalogues in `language`, each once. */
export async function loadTexts(language: Locale, wanted: readonly string[]): Promise<void> {
  await Promise.all(
    wanted.map((namespace) => {
      namespaces.add(namespace);
      const key = slot(language, namespace);
      if (catalogues.has(key)) return undefined;
      let pending = loading.get(key);
      if (!pending) {
        pending = loadCatalogue(language, namespace).then((messages) => {
          catalogues.set(key, messages);
          loading.delete(key);
        });
        loading.set(key, pending);
      }
      return pending;
    }),
  );
}

/**
 * Switches the texts to `language` once its catalogues are in (so nothing flashes in the old language)
 * and keeps it as this browser's choice.
 */
export async function switchTextsLocale(language: Locale): Promise<void> {
  await loadTexts(language, [...namespaces]);
  rememberLocale(language);
  setDocumentLanguage(language);
  version += 1;
  for (const listener of listeners) listener();
  for (const follower of followers) follower(language);
}

/** Calls `follower` with each language the sign-in screen switches to (the full app's i18next follows). */
export function followTextsLocale(follower: (language: Locale) => void): () => void {
  followers.add(follower);
  return () => followers.delete(follower);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/**
 * A message with its arguments put in, as ICU MessageFormat reads it: `''` is an apostrophe, an
 * apostrophe before a brace quotes up to the next one, numbers are written the language's way. Plural
 * and select arguments are not read here; a message that has one belongs to a screen using i18next.
 */
export function formatMessage(message: string, values: TextValues, language: Locale): string {
  let out = '';
  for (let i = 0; i < message.length; i += 1) {
    const char = message[i];
    if (char === "'" && message[i + 1] === "'") {
      out += "'";
      i += 1;
    } else if (char === "'" && (message[i + 1] === '{' || message[i + 1] === '}')) {
      let end = i + 1;
      for (; end < message.length && message[end] !== "'"; end += 1) out += message[end];
      i = end;
    } else if (char === '{') {
      const end = message.indexOf('}', i);
      const name = message.slice(i + 1, end).trim();
      if (end < 0 || name.includes(',')) throw new Error(`not a plain argument in "${message}"`);
      const value = values[name];
      if (value === undefined) throw new Error(`no value for {${name}} in "${message}"`);
      out += typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : value;
      i = end;
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * The texts of `namespace` in the page's language, and the language; suspends until the catalogue is
 * in, and re-renders the caller when the language changes.
 */
export function useTexts(namespace: string): { t: TextFn; locale: Locale } {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const locale = pageLocale();
  const messages = catalogues.get(slot(locale, namespace));
  if (!messages) throw loadTexts(locale, [namespace]);
  namespaces.add(namespace);
  const t: TextFn = (key, values = {}) => {
    const message = lookup(messages, key);
    return message === undefined ? key : formatMessage(message, values, locale);
  };
  return { t, locale };
}

/**
 * A text of `namespace` in the page's language if its catalogue is already in, without suspending:
 * for texts wanted only now and then (a failed call's), loaded with `loadTexts` when the need comes.
 */
export function loadedText(namespace: string, key: string): string | undefined {
  const messages = catalogues.get(slot(pageLocale(), namespace));
  return messages ? lookup(messages, key) : undefined;
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/** A message with tags (`Signing in as <strong>{email}</strong>`), each tag drawn as its component. */
export function RichText({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TextFn;
  i18nKey: string;
  values?: TextValues;
  components: Record<string, ReactElement>;
}): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, tag = '', inner] = match;
    parts.push(text.slice(last, match.index));
    const component = components[tag];
    parts.push(component ? cloneElement(component, { key: match.index }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
