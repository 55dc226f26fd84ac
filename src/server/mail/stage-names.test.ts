/** A stage has one customer name per language: the screens' (common catalogue) and the e-mails' agree. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { STAGES } from '../../shared/stages.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';

describe('stage names', () => {
  it('are the same in the portal and the e-mails, in every language', () => {
    const mails = { en, es, fr };
    for (const locale of LOCALES) {
      const file = join(import.meta.dirname, `../../client/locales/${locale}/common.json`);
      const screens = JSON.parse(readFileSync(file, 'utf8')) as { stage: Record<string, string> };
      for (const stage of STAGES) {
        expect(screens.stage[stage], `${locale} ${stage}`).toBe(mails[locale][`stage.${stage}`]);
      }
    }
  });
});
