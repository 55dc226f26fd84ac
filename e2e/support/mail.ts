import { expect } from '@playwright/test';
import { type CaughtMail, codeFrom, isCodeMail } from '../../src/server/test/mail-catcher.js';
import { journeyServer } from './env.js';

/**
 * Every mail the local SMTP catcher received for `email`, oldest first: this worker's catcher, or the
 * one at `mailUrl` (a spec's own server).
 */
export async function mailsTo(email: string, mailUrl = journeyServer().mailUrl): Promise<CaughtMail[]> {
  const url = new URL(mailUrl);
  url.searchParams.set('to', email);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * A view of one address's mailbox that remembers how many mails it held when created, so that
 * `nextCode()` waits for a mail sent after that point rather than reading an older code.
 */
export async function mailbox(email: string, mailUrl = journeyServer().mailUrl) {
  let seen = (await mailsTo(email, mailUrl)).length;
  return {
    /**
     * Waits (polling, no fixed sleep) for the next code mail to this address and returns its 6-digit
     * code; other mail to the address (a status change) may arrive first.
     */
    async nextCode(): Promise<string> {
      let mails: CaughtMail[] = [];
      const nextCodeMail = () => mails.slice(seen).findIndex(isCodeMail);
      await expect
        .poll(
          async () => {
            mails = await mailsTo(email, mailUrl);
            return nextCodeMail();
          },
          { message: `a new code mail to ${email}`, timeout: 15_000 },
        )
        .toBeGreaterThan(-1);
      const index = seen + nextCodeMail();
      seen = index + 1;
      return codeFrom(mails[index]!);
    },
  };
}
