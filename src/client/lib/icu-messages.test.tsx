import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { icuMessages } from './icu-messages';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.use(icuMessages()).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: {
        common: {
          units: '{count, plural, one {# unit} other {# units}}',
          orders: '{count, plural, one {# order} other {# orders}}',
          total: 'Total: {amount, number}',
          placed: 'Placed {when, date, medium}',
          tagged: 'Read <0>the guide</0>, {name}',
          broken: 'Hello {name',
          plain: 'Your orders & their units <b>',
          quoted: "It''s ready",
        },
      },
      es: { common: { units: '{count, plural, one {# unidad} other {# unidades}}' } },
      // Only the formatter test reads these: no formatter for Portuguese exists before it.
      pt: {
        common: {
          // Not `count`: i18next makes a plural formatter of its own for that option.
          units: '{n, plural, one {# unidade} other {# unidades}}',
          orders: '{n, plural, one {# pedido} other {# pedidos}}',
        },
      },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('ICU messages for i18next', () => {
  it('formats plurals and numbers the language’s way', async () => {
    const i18n = await instance();
    expect(i18n.t('units', { count: 1 })).toBe('1 unit');
    expect(i18n.t('units', { count: 1200 })).toBe('1,200 units');
    expect(i18n.t('total', { amount: 2500.5 })).toBe('Total: 2,500.5');
    expect(i18n.t('placed', { when: new Date(2025, 6, 1) })).toBe('Placed Jul 1, 2025');
    expect(i18n.t('units', { count: 1200, lng: 'es' })).toBe('1200 unidades');
  });

  it('leaves tags for <Trans> and shows a message that does not parse as written', async () => {
    const i18n = await instance();
    expect(i18n.t('tagged', { name: 'Ann' })).toBe('Read <0>the guide</0>, Ann');
    expect(i18n.t('broken', { name: 'Ann' })).toBe('Hello {name');
  });

  it('answers plain text as written, and still reads ICU quotes', async () => {
    const i18n = await instance();
    expect(i18n.t('plain', { name: 'Ann' })).toBe('Your orders & their units <b>');
    expect(i18n.t('quoted')).toBe("It's ready");
  });

  it('makes one plural formatter per language for all messages, not one per message', async () => {
    const i18n = await instance();
    const Original = Intl.PluralRules;
    const intl = Intl as { PluralRules: typeof Intl.PluralRules };
    let made = 0;
    intl.PluralRules = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.PluralRules;
    try {
      expect(i18n.t('units', { n: 2, lng: 'pt' })).toBe('2 unidades');
      expect(i18n.t('orders', { n: 1, lng: 'pt' })).toBe('1 pedido');
      expect(i18n.t('units', { n: 1, lng: 'pt' })).toBe('1 unidade');
    } finally {
      intl.PluralRules = Original;
    }
    expect(made).toBe(1);
  });
});
