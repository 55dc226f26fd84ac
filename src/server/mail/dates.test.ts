import { describe, expect, it } from 'vitest';
import { codesPausedMail, factorAddedMail } from './templates.js';

describe('dates in the e-mails', () => {
  const at = new Date('2026-03-17T21:30:00Z');

  it("write the day as the language's medium date, in UTC like the time beside it", () => {
    expect(codesPausedMail('ann@example.com', at, 'en').text).toContain('until 21:30 UTC (Mar 17, 2026)');
    expect(codesPausedMail('ann@example.com', at, 'es').text).toContain('(17 mar 2026)');
    expect(factorAddedMail('ann@example.com', { kind: 'totp' }, at, 'fr').text).toContain('(17 mars 2026)');
  });
});
