/**
 * The server answers in English (docs/i18n.md). A screen shows a message of the server in the reader's
 * language when it knows that message (the shared schemas' constants), as it came when the reader reads
 * English, and otherwise leaves the caller to its own generic, translated text.
 */
import { useTranslation } from 'react-i18next';

/** The name under which `known` holds `message`, if it does. */
export function knownMessage<K extends string>(
  known: Readonly<Record<K, string>>,
  message: string | undefined,
): K | undefined {
  if (!message) return undefined;
  return (Object.keys(known) as K[]).find((name) => known[name] === message);
}

export function useServerMessage() {
  const { i18n } = useTranslation();
  return <K extends string>(
    message: string | undefined,
    known: Readonly<Record<K, string>>,
    translate: (name: K) => string,
  ): string | undefined => {
    const name = knownMessage(known, message);
    if (name) return translate(name);
    return i18n.language === 'en' ? message : undefined;
  };
}
