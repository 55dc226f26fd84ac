import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME } from '../../shared/constants.js';

/** A file sent with a mail; `content` is its text (a calendar invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each mail (code included) goes to the log so that a newcomer
 * can sign in without a mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        log.info(
          {
            mail: {
              to: message.to,
              subject: message.subject,
              attachments: message.attachments?.map((file) => file.filename),
            },
          },
          `MAIL to ${message.to}\n${message.text}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message, subject: `${message.subject} - ${PRODUCT_NAME}` });
    },
    close: () => transport.close(),
  };
}
