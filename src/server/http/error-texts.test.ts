/**
 * Every error code the server can answer with has its text in each of the portal's languages: the
 * portal translates refusals by code (src/client/lib/server-error.ts), so a code without a text would
 * reach a Spanish or French reader as a generic sentence. The codes come from the registry as the
 * built app fills it (each capability's errors module loads with its routes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { errorCodes } from '../lib/errors.js';
import { startTestApp, type TestApp } from '../test/app.js';

type ErrorTexts = Record<string, Record<string, string>>;

function errorTexts(): ErrorTexts {
  return Object.fromEntries(
    LOCALES.map((language) => {
      const file = join(process.cwd(), 'src/client/locales', language, 'errors.json');
      return [language, (JSON.parse(readFileSync(file, 'utf8')) as { codes: Record<string, string> }).codes];
    }),
  );
}

/** `<language>: <code>` for each code without a text, and for each text of a code nobody declares. */
function problems(codes: readonly string[], texts: ErrorTexts): string[] {
  return Object.entries(texts).flatMap(([language, byCode]) => [
    ...codes.filter((code) => !byCode[code]?.trim()).map((code) => `${language}: ${code} has no text`),
    ...Object.keys(byCode)
      .filter((code) => !codes.includes(code))
      .map((code) => `${language}: ${code} is not a code of the server`),
  ]);
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('error code texts', () => {
  it('has a text for every code of the registry in every language, and none for unknown codes', () => {
    const codes = [...errorCodes.keys()];
    // The registry holds the capabilities' codes, not only the generic kinds.
    expect(codes).toEqual(expect.arrayContaining(['SLOT_FULL', 'CODES_PAUSED', 'ORDER_NOT_FOUND']));
    expect(Object.keys(errorTexts()).sort()).toEqual([...LOCALES].sort());
    expect(problems(codes, errorTexts())).toEqual([]);
  });

  it('names a code whose text is missing in one language', () => {
    const codes = [...errorCodes.keys()];
    const planted = errorTexts();
    delete planted.fr?.SLOT_FULL;
    expect(problems(codes, planted)).toEqual(['fr: SLOT_FULL has no text']);
  });
});
