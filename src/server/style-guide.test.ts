/**
 * The checkable rules of docs/style-guide.md, held over every catalogue a customer reads (the client's
 * `src/client/locales/<language>/*.json` and the e-mails' `src/server/mail/locales/<language>.ts`, in
 * the three languages) and over the English the code writes itself (the back office, the staff API).
 * The checker is tested first on planted violations, so a rule that stops seeing them fails here too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '../shared/auth-rules.js';
import {
  MIN_PASSWORD_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '../shared/constants.js';
import { INTL_LOCALE, LOCALES, type Locale } from '../shared/locales.js';
import { STAGE_ALIASES, STAGES } from '../shared/stages.js';
import { MAIL_MESSAGES } from './mail/i18n.js';

type Rule =
  | 'hand-plural'
  | 'count-without-plural'
  | 'plural-forms'
  | 'raw-code'
  | 'login-wording'
  | 'product-word'
  | 'written-amount';

interface Violation {
  catalogue: string;
  key: string;
  rule: Rule;
  detail: string;
}

interface Catalogue {
  /** Where it lives, for the report: 'client en/orders', 'mail fr'. */
  name: string;
  locale: Locale;
  messages: Record<string, string>;
  /**
   * Arguments written as plain numbers before a plural noun. Only the sign-in screen's catalogue may
   * have them (it reads no plural, decision 180), and only for fixed settings that are never 1.
   */
  plainCounts?: readonly string[];
}

/** A word written with its plural ending in brackets: 'event(s)', 'unidad(es)', 'jour(s)'. */
const BRACKETED_PLURAL = /\p{L}\((?:s|es|x)\)/u;
/** 'http(s)' names two schemes, not a plural. */
const SCHEME = /https?\(s\)/gi;

/**
 * A word that reads as a plural noun after a count: it ends in -s (-x in French). The listed words end
 * so without being plural nouns ('{device} is', '{email} has', '{n} fois').
 */
const PLURAL_LOOKING: Record<Locale, RegExp> = { en: /s$/i, es: /s$/i, fr: /[sx]$/i };
const NOT_PLURAL_NOUNS: Record<Locale, ReadonlySet<string>> = {
  en: new Set(['is', 'was', 'has', 'does', 'as', 'its', 'this', 'us', 'always', 'across', 'plus']),
  es: new Set(['es', 'más', 'menos', 'pues', 'tras', 'después', 'antes', 'ves']),
  fr: new Set(['est', 'plus', 'sans', 'dans', 'sous', 'vers', 'après', 'très', 'pas', 'mais', 'depuis']),
};

/** Sign-in wording: sign in / sign out, never login / log in / logout as the product's words. */
const LOGIN_WORDING: Record<Locale, RegExp> = {
  en: /\blog(?:s|ged|ging)?[\s-]?(?:in|on|out)\b|\blog(?:in|out)s?\b/i,
  es: /\blog(?:in|out)\b|\blogu[eé]/i,
  fr: /\blog(?:in|out)\b|\blogu(?:er|ez|é|ée)\b/i,
};

/**
 * Other words for the product's words (docs/style-guide.md): the deposit is 'deposit', 'depósito',
 * 'acompte'; an order is 'order', 'pedido', 'commande'.
 */
const NOT_THE_PRODUCT_WORD: Record<Locale, RegExp> = {
  en: /\bdown[\s-]payments?\b|\bpurchase orders?\b/i,
  es: /(?<!\p{L})(?:anticipos?|enganches?|órdenes|orden de compra)(?!\p{L})/iu,
  fr: /(?<!\p{L})(?:dépôts?|arrhes|ordres? d’achat)(?!\p{L})/iu,
};

/** An amount written into a text: amounts come from formatCents, with the reader's currency format. */
const WRITTEN_AMOUNT = /[$€£]\s?\d|\d[\s\u00a0\u202f]?(?:\$|€|£|USD\b|US\$)/;

/** The stage codes and their aliases: the API's words, never a reader's. */
const STAGE_CODES = new Set<string>([...STAGES, ...Object.keys(STAGE_ALIASES)]);
/** Any code-shaped word ('DOCUMENTS_PENDING', 'PAYMENT_SUCCEEDED'). */
const CODE_SHAPED = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/**
 * The plural categories a count below a million can fall in, per language: French and Spanish have a
 * 'many' form, but only for millions ('1 000 000 de commandes'), which the product never counts, so
 * a message needs the forms a real count reaches and 'other'.
 */
function reachedCategories(locale: Locale): Set<string> {
  const rules = new Intl.PluralRules(INTL_LOCALE[locale]);
  const reached = new Set<string>(['other']);
  for (let n = 0; n <= 2_000; n++) reached.add(rules.select(n));
  for (let n = 2_000; n < 1_000_000; n += 1_000) reached.add(rules.select(n));
  return reached;
}
const CATEGORIES = Object.fromEntries(LOCALES.map((locale) => [locale, reachedCategories(locale)])) as Record<
  Locale,
  Set<string>
>;

/** Each run of literal text of a message, and each plural in it, walking into every branch. */
function walk(
  elements: MessageFormatElement[],
  visit: {
    text: (
      value: string,
      next: MessageFormatElement | undefined,
      previous: MessageFormatElement | undefined,
    ) => void;
    plural: (options: string[]) => void;
  },
): void {
  elements.forEach((element, index) => {
    if (element.type === TYPE.literal) visit.text(element.value, elements[index + 1], elements[index - 1]);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      if (element.type === TYPE.plural && element.pluralType === 'cardinal')
        visit.plural(Object.keys(element.options));
      for (const option of Object.values(element.options)) walk(option.value, visit);
    }
    if (element.type === TYPE.tag) walk(element.children, visit);
  });
}

function checkCatalogue({ name, locale, messages, plainCounts = [] }: Catalogue): Violation[] {
  const found: Violation[] = [];
  for (const [key, message] of Object.entries(messages)) {
    const report = (rule: Rule, detail: string) => found.push({ catalogue: name, key, rule, detail });
    const elements = parse(message, { ignoreTag: false });
    walk(elements, {
      text: (value, _next, previous) => {
        if (BRACKETED_PLURAL.test(value.replace(SCHEME, ''))) report('hand-plural', value);
        const login = LOGIN_WORDING[locale].exec(value);
        if (login) report('login-wording', login[0]);
        const amount = WRITTEN_AMOUNT.exec(value);
        if (amount) report('written-amount', amount[0]);
        const word = NOT_THE_PRODUCT_WORD[locale].exec(value);
        if (word) report('product-word', word[0]);
        const codes = new Set(value.match(CODE_SHAPED));
        for (const word of value.split(/[^\p{L}\p{N}_]+/u)) if (STAGE_CODES.has(word)) codes.add(word);
        for (const code of codes) report('raw-code', code);
        // A count argument right before a plural-looking word: '{count} conversations'.
        const counted =
          previous?.type === TYPE.argument || previous?.type === TYPE.number ? previous.value : null;
        const noun = /^[\s\u00a0\u202f]+(\p{L}+)/u.exec(value)?.[1];
        if (
          counted !== null &&
          noun &&
          !plainCounts.includes(counted) &&
          PLURAL_LOOKING[locale].test(noun) &&
          !NOT_PLURAL_NOUNS[locale].has(noun.toLowerCase())
        ) {
          report('count-without-plural', `{${counted}} ${noun}`);
        }
      },
      plural: (options) => {
        const missing = [...CATEGORIES[locale]].filter((category) => !options.includes(category));
        if (missing.length > 0) report('plural-forms', `no ${missing.join(', ')}`);
      },
    });
  }
  return found;
}

function flatten(value: unknown, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') into[path] = child;
    else flatten(child, path, into);
  }
  return into;
}

const CLIENT_LOCALES = join(process.cwd(), 'src/client/locales');

/** The sign-in screen's counts: settings the product fixes, each more than one. */
const SIGN_IN_PLAIN_COUNTS = ['min', 'max', 'length', 'minutes'];

function realCatalogues(): Catalogue[] {
  return LOCALES.flatMap((locale) => [
    ...readdirSync(join(CLIENT_LOCALES, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const namespace = file.replace(/\.json$/, '');
        return {
          name: `client ${locale}/${namespace}`,
          locale,
          messages: flatten(JSON.parse(readFileSync(join(CLIENT_LOCALES, locale, file), 'utf8'))),
          ...(namespace === 'auth' && { plainCounts: SIGN_IN_PLAIN_COUNTS }),
        };
      }),
    { name: `mail ${locale}`, locale, messages: { ...MAIL_MESSAGES[locale] } },
  ]);
}

describe('the style guide checker', () => {
  const rulesFound = (locale: Locale, messages: Record<string, string>, plainCounts?: string[]) =>
    checkCatalogue({ name: 'planted', locale, messages, ...(plainCounts && { plainCounts }) }).map(
      ({ key, rule }) => `${key}: ${rule}`,
    );

  it('reports a plural written by hand, with a bracketed ending or a count before a plural noun', () => {
    expect(
      rulesFound('en', {
        bracket: 'Showing {n} event(s)',
        count: '{total} conversations, longest waiting first',
        spanish: 'x',
      }),
    ).toEqual(['bracket: hand-plural', 'count: count-without-plural']);
    expect(rulesFound('es', { count: '{total} conversaciones', bracket: 'unidad(es)' })).toEqual([
      'count: count-without-plural',
      'bracket: hand-plural',
    ]);
    expect(rulesFound('fr', { count: '{total, number} jours' })).toEqual(['count: count-without-plural']);
  });

  it('takes a plural message, words that only end in s, http(s) and the listed fixed counts', () => {
    expect(
      rulesFound(
        'en',
        {
          plural: '{count, plural, one {# conversation} other {# conversations}}',
          verb: '{device} is no longer signed in',
          scheme: 'Enter an http(s) address',
          fixed: 'Use at least {min} characters',
        },
        ['min'],
      ),
    ).toEqual([]);
  });

  it("reports a plural without every form the language's counts reach", () => {
    expect(rulesFound('en', { one: '{n, plural, other {# units}}' })).toEqual(['one: plural-forms']);
    expect(rulesFound('fr', { ok: '{n, plural, one {# unité} other {# unités}}' })).toEqual([]);
    expect(rulesFound('fr', { exact: '{n, plural, =1 {une unité} other {# unités}}' })).toEqual([
      'exact: plural-forms',
    ]);
  });

  it('reports a raw stage code or alias in the text, not in a select', () => {
    expect(
      rulesFound('en', {
        stage: 'Your order is at DOCUMENTS_PENDING',
        word: 'Now at PRODUCTION',
        alias: 'Status: PAYMENT_PENDING',
        select: '{status, select, PRODUCTION {In production} other {Waiting}}',
        nested: '{count, plural, one {Unit at SITE_PREP} other {Units at SITE_PREP}}',
      }),
    ).toEqual([
      'stage: raw-code',
      'word: raw-code',
      'alias: raw-code',
      'nested: raw-code',
      'nested: raw-code',
    ]);
  });

  it("reports another word for the product's deposit or order", () => {
    expect(rulesFound('en', { a: 'Pay the down payment', b: 'Pay the deposit' })).toEqual([
      'a: product-word',
    ]);
    expect(rulesFound('es', { a: 'Paga el anticipo', b: 'Tus órdenes', c: 'Paga el depósito' })).toEqual([
      'a: product-word',
      'b: product-word',
    ]);
    expect(rulesFound('fr', { a: 'Payez le dépôt', b: 'Payez l’acompte' })).toEqual(['a: product-word']);
  });

  it('reports an amount written into a text instead of formatted', () => {
    expect(
      rulesFound('en', { a: 'A deposit of $500 is due', b: 'Deposit: {amount}', c: 'Pay 1 000 $US' }),
    ).toEqual(['a: written-amount', 'c: written-amount']);
  });

  it('reports login wording in each language', () => {
    expect(
      rulesFound('en', {
        noun: 'Login failed',
        verb: 'Log in to see your orders',
        out: 'Logout',
        past: 'You have been logged out.',
        right: 'Sign in, then sign out',
      }),
    ).toEqual(['noun: login-wording', 'verb: login-wording', 'out: login-wording', 'past: login-wording']);
    expect(rulesFound('es', { a: 'Haz login', b: 'Loguéate', c: 'Inicia sesión' })).toEqual([
      'a: login-wording',
      'b: login-wording',
    ]);
    expect(rulesFound('fr', { a: 'Logout', b: 'Se connecter' })).toEqual(['a: login-wording']);
  });
});

describe('the catalogues keep the style guide', () => {
  it('walks every client and mail catalogue of the three languages', () => {
    const catalogues = realCatalogues();
    expect(new Set(catalogues.map((catalogue) => catalogue.locale))).toEqual(new Set(LOCALES));
    expect(catalogues.filter((catalogue) => catalogue.name.startsWith('mail'))).toHaveLength(LOCALES.length);
    expect(catalogues.length).toBeGreaterThan(LOCALES.length * 10);
  });

  it('breaks none of its rules', () => {
    expect(realCatalogues().flatMap(checkCatalogue)).toEqual([]);
  });

  it('writes the sign-in screen’s plain counts only for settings that are never 1', () => {
    for (const value of [
      MIN_PASSWORD_LENGTH,
      PASSWORD_MAX_LENGTH,
      VERIFICATION_CODE_LENGTH,
      VERIFICATION_CODE_TTL_MINUTES,
    ]) {
      expect(value).toBeGreaterThan(1);
    }
  });
});

/** The code's own English (back office, staff API, toasts): every non-test module under src/. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test' || entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** 'Login', 'Log out', 'Logged in' as words (identifiers such as useLogout or the LogOut icon are not). */
const ENGLISH_LOGIN = /(?<![\w/.-])(?:Log ?in|Log ?out|Logged (?:in|out))(?![\w])/;
/** A plural chosen by comparing with one: `n === 1 ? 'order' : 'orders'`. */
const ONE_OR_MANY = /[!=]==?\s*1\s*\?\s*['"`]/;

/** A date formatted on the spot rather than by the product's one formatter. */
const OWN_DATE_FORMAT =
  /\.toLocale(?:Date|Time)String\(|new Intl\.DateTimeFormat\(|new Date\([^)]*\)\.toLocaleString\(/;
/**
 * The modules that format dates (docs/style-guide.md#dates): the client's formatter, the e-mails',
 * the booking screens' delivery day with its weekday, and the tracking page's time of day.
 */
const DATE_FORMATTERS = new Set([
  'src/client/lib/dates.ts',
  'src/server/mail/i18n.ts',
  'src/client/features/delivery-booking/days.ts',
  'src/client/features/tracking/tracking-page.tsx',
]);

/** A line's strings and JSX text, where a reader's words are (not `get(s)` in code). */
const WORDS_OF_A_LINE = /'[^']*'|"[^"]*"|`[^`]*`|(?<=[\w"'}/]>)[^<>]+(?=<\/?\w)/g;

/** What a module's own text breaks, line by line: 'file:line rule'. */
function sourceViolations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const where = `${file}:${index + 1}`;
    const found: string[] = [];
    if (ENGLISH_LOGIN.test(line)) found.push(`${where} login wording`);
    if (OWN_DATE_FORMAT.test(line) && !DATE_FORMATTERS.has(file))
      found.push(`${where} date formatted on the spot`);
    const texts = line.match(WORDS_OF_A_LINE) ?? [];
    if (ONE_OR_MANY.test(line) || texts.some((text) => BRACKETED_PLURAL.test(text.replace(SCHEME, '')))) {
      found.push(`${where} hand-written plural`);
    }
    return found;
  });
}

describe("the code's own English", () => {
  it('is checked for login wording, plurals chosen by hand and dates formatted on the spot (planted)', () => {
    const planted = [
      "toast({ title: 'Logout failed' });",
      '<Button>Log in</Button>',
      "const text = n + (n === 1 ? ' order' : ' orders');",
      '<p>Showing {count} event(s)</p>',
      'stages.reduce((sum, s) => sum + (byStage.get(s) ?? 0), 0)',
      'stages.reduce((min, s) => (stageIndex(s) < stageIndex(min) ? s : min));',
      "const logout = useLogout(); <LogOut aria-hidden /> 'an http(s) address'",
      "const text = counted(n, 'order', 'orders');",
      'const when = new Date(value).toLocaleDateString();',
      "const at = new Date(value).toLocaleString(undefined, { dateStyle: 'medium' });",
      "const rows = total.toLocaleString('en-US');",
    ].join('\n');
    expect(sourceViolations('planted.tsx', planted)).toEqual([
      'planted.tsx:1 login wording',
      'planted.tsx:2 login wording',
      'planted.tsx:3 hand-written plural',
      'planted.tsx:4 hand-written plural',
      'planted.tsx:9 date formatted on the spot',
      'planted.tsx:10 date formatted on the spot',
    ]);
  });

  it('has no login wording, no plural chosen by hand and no date formatted outside the formatters', () => {
    const files = sourceFiles(join(process.cwd(), 'src'));
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.flatMap((file) => sourceViolations(relative(process.cwd(), file), readFileSync(file, 'utf8'))),
    ).toEqual([]);
  });
});
