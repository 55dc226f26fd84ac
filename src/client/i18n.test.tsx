/**
 * The catalogues stay complete and used: every language has exactly the keys of English in every
 * namespace, every message is valid ICU MessageFormat with the same arguments as English, every key the
 * code asks for exists and every key exists because the code asks for it (docs/i18n.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/locales.js';
import { ORDER_PAYMENT_STATES } from '../shared/schemas/money.js';
import {
  APPLICATION_TYPES,
  BUSINESS_TYPES,
  ONBOARDING_MESSAGES,
  ONBOARDING_TOASTS,
  PHONE_COUNTRIES,
  YES_NO,
} from '../shared/schemas/onboarding.js';
import { PASSWORD_CHANGE_MESSAGES, USER_MESSAGES } from '../shared/schemas/user.js';
import { customerStageHint, STAGES } from '../shared/stages.js';
import { VALIDATION_KEYS } from './features/auth/messages';
import { FINANCING_DYNAMIC_KEYS } from './features/financing/keys';
import { ROLE_NAME_KEYS } from './features/locale/role-names';
import { STAGE_NAME_KEYS } from './features/locale/stage-names';
import { ADDRESS_GROUPS } from './features/onboarding/form-model';
import { ORDER_FILTERS } from './features/orders/order-filter';
import { ACTION_KEYS } from './features/orders/unit-stage';
import { PAYMENT_METHOD_KEYS } from './features/payments/money';
import { PAYMENT_RESULT_KINDS, PAYMENT_STATUS_KEYS } from './features/payments/session-display';

const CLIENT = join(process.cwd(), 'src/client');
const LOCALES_DIR = join(CLIENT, 'locales');

/**
 * Keys the code builds at run time (t(`stage.${stage}`)), listed per namespace so they count as used;
 * add the module's list here when a screen derives keys from data.
 */
const DYNAMIC_KEYS: Record<string, readonly string[]> = {
  // useStageText: the hint of the stages that have one (their names are common's).
  stages: STAGES.filter((stage) => customerStageHint(stage) !== null).map((stage) => `${stage}.hint`),
  orders: [
    ...Object.values(ACTION_KEYS),
    ...ORDER_FILTERS.map((filter) => filter.label),
    ...(['production', 'sitePrep', 'finalDocuments'] as const).map((hint) => `hints.${hint}`),
    ...APPLICATION_TYPES.map((type) => `applicationTypes.${type}`),
  ],
  financing: FINANCING_DYNAMIC_KEYS,
  home: (['morning', 'afternoon', 'evening'] as const).flatMap((part) => [
    `greeting.${part}`,
    `greeting.${part}NoName`,
  ]),
  // The shared schemas' messages, shown by their names (the translated resolver, useFieldMessage).
  onboarding: [
    ...Object.keys(ONBOARDING_MESSAGES).map((name) => `validation.${name}`),
    ...[...Object.keys(ONBOARDING_TOASTS), 'validationTitle'].map((name) => `toasts.${name}`),
    ...[...APPLICATION_TYPES, ...YES_NO].map((choice) => `choices.${choice}`),
    ...BUSINESS_TYPES.map((type) => `businessTypes.${type}`),
    ...PHONE_COUNTRIES.map((country) => `countries.${country.name}`),
    ...Object.keys(ADDRESS_GROUPS).map((group) => `legends.${group}`),
  ],
  account: Object.keys(USER_MESSAGES).map((name) => `validation.${name}`),
  settings: Object.keys(PASSWORD_CHANGE_MESSAGES).map((name) => `password.messages.${name}`),
  common: [
    ...STAGE_NAME_KEYS,
    ...ROLE_NAME_KEYS,
    'timeline.state.completed',
    'timeline.state.current',
    'timeline.state.upcoming',
  ],
  auth: Object.values(VALIDATION_KEYS),
  // One text per server error code, read by code (src/client/lib/server-error.ts); the server's
  // src/server/http/error-texts.test.ts holds this list to the codes the server declares.
  errors: Object.keys(JSON.parse(readFileSync(join(LOCALES_DIR, 'en/errors.json'), 'utf8')).codes).map(
    (code) => `codes.${code}`,
  ),
  payments: [
    ...PAYMENT_RESULT_KINDS.map((kind) => `result.${kind}`),
    ...PAYMENT_STATUS_KEYS.map((status) => `status.${status}`),
    ...PAYMENT_METHOD_KEYS,
    ...ORDER_PAYMENT_STATES.map((state) => `money.orderState.${state}`),
  ],
};

type Catalogue = Record<string, string>;

function flatten(value: unknown, prefix = '', into: Catalogue = {}): Catalogue {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') into[path] = child;
    else if (child && typeof child === 'object') flatten(child, path, into);
    else throw new Error(`${path} is neither a message nor a group`);
  }
  return into;
}

function loadCatalogues(): Record<string, Record<string, Catalogue>> {
  const byLanguage: Record<string, Record<string, Catalogue>> = {};
  for (const language of readdirSync(LOCALES_DIR)) {
    byLanguage[language] = {};
    for (const file of readdirSync(join(LOCALES_DIR, language)).filter((name) => name.endsWith('.json'))) {
      const namespace = file.replace(/\.json$/, '');
      byLanguage[language][namespace] = flatten(
        JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')),
      );
    }
  }
  return byLanguage;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const NAMESPACES_IN_FILE = /useTranslation\(\s*(\[[^\]]*\]|'[^']+'|"[^"]+")/g;
const KEY_USES = /(?:\bt\(\s*|i18nKey=\{?\s*|i18nKey:\s*)(['"`])([^'"`$]+)\1/g;

/** The keys each namespace's code asks for, and keys asked for that no catalogue of the file has. */
function keysInCode(known: Record<string, Catalogue>) {
  const used: Record<string, Set<string>> = {};
  const missing: string[] = [];
  for (const file of sourceFiles(CLIENT)) {
    const text = readFileSync(file, 'utf8');
    const namespaces = [...text.matchAll(NAMESPACES_IN_FILE)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((n) => n[1] ?? ''),
    );
    for (const match of text.matchAll(KEY_USES)) {
      const literal = match[2] ?? '';
      const [namespace, key] = literal.includes(':') ? literal.split(':', 2) : [undefined, literal];
      // A file that gets `t` from a feature's own hook (useAuthMessages) names no namespace: any counts.
      const candidates = namespace ? [namespace] : namespaces.length ? namespaces : Object.keys(known);
      const home = candidates.filter((ns) => key && known[ns]?.[key] !== undefined);
      if (home.length === 0) missing.push(`${relative(CLIENT, file)}: ${literal}`);
      for (const ns of home) {
        used[ns] ??= new Set();
        used[ns].add(key ?? '');
      }
    }
  }
  return { used, missing };
}

/** The argument names a message uses ({email}, {count, plural, …}), in any nesting. */
function argumentsOf(message: string, language: string): string[] {
  const names = new Set<string>();
  const visit = (nodes: unknown[]) => {
    for (const node of nodes as Array<Record<string, unknown>>) {
      if (typeof node.value === 'string' && node.type !== 0) names.add(node.value);
      for (const option of Object.values((node.options as Record<string, { value: unknown[] }>) ?? {}))
        visit(option.value);
      if (Array.isArray(node.children)) visit(node.children);
    }
  };
  visit(new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst());
  return [...names].sort();
}

const catalogues = loadCatalogues();
const english = catalogues.en ?? {};

describe('the catalogues', () => {
  it('exist for every language and namespace', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
    for (const language of LOCALES)
      expect(Object.keys(catalogues[language] ?? {}).sort(), language).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (language) => {
    for (const [namespace, messages] of Object.entries(english)) {
      expect(Object.keys(catalogues[language]?.[namespace] ?? {}).sort(), `${language}/${namespace}`).toEqual(
        Object.keys(messages).sort(),
      );
    }
  });

  it.each(LOCALES)('%s: every message is ICU MessageFormat with the arguments of English', (language) => {
    for (const [namespace, messages] of Object.entries(catalogues[language] ?? {})) {
      for (const [key, message] of Object.entries(messages)) {
        const where = `${language}/${namespace}: ${key}`;
        expect(() => argumentsOf(message, language), where).not.toThrow();
        const source = english[namespace]?.[key];
        if (source !== undefined)
          expect(argumentsOf(message, language), where).toEqual(argumentsOf(source, 'en'));
      }
    }
  });

  it('hold every key the code asks for, and only those', () => {
    const { used, missing } = keysInCode(english);
    expect(missing, 'keys in the code with no English message').toEqual([]);
    const unused = Object.entries(english).flatMap(([namespace, messages]) =>
      Object.keys(messages)
        .filter((key) => !used[namespace]?.has(key) && !DYNAMIC_KEYS[namespace]?.includes(key))
        .map((key) => `${namespace}: ${key}`),
    );
    expect(unused, 'messages no code asks for').toEqual([]);
  });
});
