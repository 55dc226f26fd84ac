import { expect } from '@playwright/test';
import { type CaughtMail, codeFrom } from '../../src/server/test/mail-catcher.js';
import { ENV_MAIL_URL, requiredEnv } from './env.js';

/** Every mail the local SMTP catcher received for `email`, oldest first. */
export async function mailsTo(email: string): Promise<CaughtMail[]> {
  const url = new URL(requiredEnv(ENV_MAIL_URL));
  url.searchParams.set('to', email);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * A view of one address's mailbox that remembers how many mails it held when created, so that
 * `nextCode()` waits for a mail sent after that point rather than reading an older code.
 */
export async function mailbox(email: string) {
  let seen = (await mailsTo(email)).length;
  return {
    /** Waits (polling, no fixed sleep) for the next mail to this address and returns its 6-digit code. */
    async nextCode(): Promise<string> {
      let mails: CaughtMail[] = [];
      await expect
        .poll(
          async () => {
            mails = await mailsTo(email);
            return mails.length;
          },
          { message: `a new mail to ${email}`, timeout: 15_000 },
        )
        .toBeGreaterThan(seen);
      seen = mails.length;
      return codeFrom(mails.at(-1)!);
    },
  };
}
