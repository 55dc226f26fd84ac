/**
 * Counted nouns in the English-only texts: the back office, and the staff API's messages
 * (docs/style-guide.md). Customer texts count through their catalogue's ICU plurals instead.
 */
import { formatCount } from './format.js';

const englishRules = new Intl.PluralRules('en-US');

/** The form of an English word or phrase for this count: plural(1, 'has', 'have') is 'has'. */
export function plural(count: number, one: string, other: string): string {
  return englishRules.select(count) === 'one' ? one : other;
}

/** A count and its noun: '1 order', '1,204 orders'. */
export function counted(count: number, one: string, other: string): string {
  return `${formatCount(count, 'en')} ${plural(count, one, other)}`;
}
