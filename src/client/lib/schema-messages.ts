/**
 * The shared Zod schemas' messages are English constants (src/shared/schemas); the browser checks the
 * same schemas before sending and shows each rule's message by its name in the reader's language
 * (decision 177). Server refusals are never read this way: they are translated by their error code
 * (src/client/lib/server-error.ts).
 */

/** The name under which `rules` holds the message a browser-side check produced, if it does. */
export function ruleName<K extends string>(
  rules: Readonly<Record<K, string>>,
  message: string | undefined,
): K | undefined {
  if (!message) return undefined;
  return (Object.keys(rules) as K[]).find((name) => rules[name] === message);
}
