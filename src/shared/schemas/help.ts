/**
 * The built-in help page (decision 266): questions and answers staff edit in Settings → Help, in each
 * language of the customer side, and what `GET /api/help` answers in the reader's language. zod/mini,
 * as every shape the browser loads.
 */
import * as z from 'zod/mini';
import { LOCALES } from '../locales.js';

export const HELP_QUESTION_MAX = 300;
export const HELP_ANSWER_MAX = 4000;
export const HELP_ENTRIES_MAX = 100;

/** A text in every language; English is required, an empty translation falls back to it. */
function texts(max: number, required: string) {
  return z.object({
    en: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max)),
    es: z.string().check(z.trim(), z.maxLength(max)),
    fr: z.string().check(z.trim(), z.maxLength(max)),
  });
}

export const helpEntrySchema = z.object({
  /** Stable within the list (the page's anchors and the editor's rows); any short token. */
  id: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use letters, digits, - or _')),
  question: texts(HELP_QUESTION_MAX, 'Enter the question in English'),
  answer: texts(HELP_ANSWER_MAX, 'Enter the answer in English'),
});
export type HelpEntry = z.infer<typeof helpEntrySchema>;

/** Settings → Help: the list, in the order the page shows it. */
export const helpSettingsSchema = z.object({
  helpEntries: z
    .array(helpEntrySchema)
    .check(z.maxLength(HELP_ENTRIES_MAX, `At most ${HELP_ENTRIES_MAX} questions`)),
});
export type HelpSettings = z.infer<typeof helpSettingsSchema>;

/** `GET /api/help?locale=`: the language asked for; else the request's Accept-Language, else English. */
export const helpQuerySchema = z.object({ locale: z.optional(z.enum(LOCALES)) });

export const helpPageSchema = z.object({
  /** The language the texts are in (an entry not translated into it is in English). */
  locale: z.enum(LOCALES),
  items: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
  /** The company's contact address (Settings → General), '' when none is set. */
  contactEmail: z.string(),
});
export type HelpPage = z.infer<typeof helpPageSchema>;
