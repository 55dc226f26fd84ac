import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { icuMessages } from './icu-messages';
import { formatMessage, RichText, type TextFn } from './texts';

/** The namespaces the sign-in screen reads with the light texts. */
const LIGHT_NAMESPACES = ['auth', 'common'];
const VALUES = {
  email: 'ann@example.com',
  min: 8,
  max: 256,
  length: 6,
  role: 'Viewer',
  minutes: 15,
  step: 'Production',
  window: '3–5 May',
};

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

function flatten(value: unknown, prefix = ''): Array<[string, string]> {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    typeof child === 'string' ? [[`${prefix}${key}`, child]] : flatten(child, `${prefix}${key}.`),
  );
}

describe('the light texts', () => {
  it.each(LOCALES)(
    'read every plain message of the sign-in namespaces as i18next does (%s)',
    async (language) => {
      const resources = Object.fromEntries(
        LIGHT_NAMESPACES.map((ns) => [ns, catalogues[`../locales/${language}/${ns}.json`]?.default ?? {}]),
      );
      const reference = i18next.createInstance();
      await reference.use(icuMessages()).init({
        lng: language,
        resources: { [language]: resources },
        interpolation: { escapeValue: false },
      });
      let compared = 0;
      for (const namespace of LIGHT_NAMESPACES) {
        for (const [key, message] of flatten(resources[namespace])) {
          // Plural and select messages are for the full app's screens (common's order estimate).
          if (/\{\s*\w+\s*,/.test(message)) continue;
          expect(formatMessage(message, VALUES, language), `${namespace}:${key}`).toBe(
            reference.t(key, { ns: namespace, ...VALUES }),
          );
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(100);
    },
  );

  it('has no plural or select message in the sign-in catalogue', () => {
    for (const language of LOCALES) {
      const auth = flatten(catalogues[`../locales/${language}/auth.json`]?.default);
      expect(auth.filter(([, message]) => /\{\s*\w+\s*,/.test(message))).toEqual([]);
    }
  });

  it('reads quoted braces and doubled apostrophes as ICU does', () => {
    expect(formatMessage("l''adresse '{email}' est {email}", VALUES, 'fr')).toBe(
      "l'adresse {email} est ann@example.com",
    );
    expect(formatMessage('{min} of {max}', { min: 1000, max: 2 }, 'en')).toBe('1,000 of 2');
  });

  it('draws the tags of a message as the given components', () => {
    const t: TextFn = (_key, values) => `Signing in as <strong>${values?.email}</strong> now`;
    render(
      <p data-testid="line">
        <RichText t={t} i18nKey="x" values={VALUES} components={{ strong: <b className="font-medium" /> }} />
      </p>,
    );
    expect(screen.getByTestId('line')).toHaveTextContent('Signing in as ann@example.com now');
    expect(screen.getByText('ann@example.com').tagName).toBe('B');
  });
});
