import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_MESSAGES } from '../mail/i18n.js';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files, their content as text (calendar invitations). */
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * A local SMTP server that keeps every message it receives: the product sends real SMTP to it, and
 * tests read the mails (and the codes in them) back. `httpPort` also serves them as JSON for
 * processes that cannot share memory with it (Playwright workers).
 */
export async function startMailCatcher(options: { http?: boolean } = {}) {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []]
            .flat()
            .flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
          mails.push({
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content.toString('utf8'),
            })),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let http: Server | undefined;
  if (options.http) {
    http = createHttpServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
    });
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
  }

  async function until(done: () => boolean, failure: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${failure} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  const forAddress = (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase()));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: http ? `http://127.0.0.1:${(http.address() as AddressInfo).port}` : undefined,
    mails,
    forAddress,
    /** Resolves with the newest mail to `to` once `count` mails to it have arrived. */
    async waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail> {
      await until(() => forAddress(to).length >= count, `no mail #${count} to ${to}`, timeoutMs);
      return forAddress(to).at(-1) as CaughtMail;
    },
    /** Resolves with the mails `select` picks once it picks at least one. */
    async waitFor(select: () => CaughtMail[], timeoutMs = 10_000): Promise<CaughtMail[]> {
      await until(() => select().length > 0, 'no matching mail', timeoutMs);
      return select();
    },
    /**
     * The code of the first code mail to `to` after its first `after` mails. Other mail (a status
     * change another test triggered) may arrive in between, so the newest mail is not enough.
     */
    async waitForCode(to: string, after: number, timeoutMs = 10_000): Promise<string> {
      const codeMail = () => forAddress(to).slice(after).find(isCodeMail);
      await until(() => codeMail() !== undefined, `no code mail to ${to}`, timeoutMs);
      return codeFrom(codeMail() as CaughtMail);
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http?.close(() => resolve()));
    },
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The code mails' subjects in every language. */
const CODE_SUBJECTS = Object.values(MAIL_MESSAGES).flatMap((messages) => [
  messages['code.signIn.title'],
  messages['code.reset.title'],
]);

export function isCodeMail(mail: CaughtMail): boolean {
  return CODE_SUBJECTS.some((subject) => mail.subject.startsWith(subject));
}

export function codeFrom(mail: CaughtMail): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1];
}
