import { PRODUCT_NAME, VERIFICATION_CODE_TTL_MINUTES } from '../../shared/constants.js';
import type { Locale } from '../../shared/locales.js';
import type { StaffRole } from '../../shared/permissions.js';
import { type MailKey, mailDate, mailList, mailText, mailUnitName } from './i18n.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], locale: Locale): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111827;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px;border:1px solid #e5e7eb">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0 0;color:#6b7280;font-size:12px">${PRODUCT_NAME}</p></div></body></html>`;
}

export function verificationCodeMail(
  to: string,
  code: string,
  purpose: 'sign-in' | 'reset',
  locale: Locale,
): MailMessage {
  const kind = purpose === 'reset' ? 'reset' : 'signIn';
  const title = mailText(locale, `code.${kind}.title`);
  const intro = mailText(locale, `code.${kind}.intro`);
  const expiry = mailText(locale, 'code.expiry', { minutes: VERIFICATION_CODE_TTL_MINUTES });
  return {
    to,
    subject: title,
    text: `${intro}\n\n${code}\n\n${expiry}\n`,
    html: layout(
      title,
      [
        escapeHtml(intro),
        `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
        escapeHtml(expiry),
      ],
      locale,
    ),
  };
}

/** The wrong-code budget of an address was spent: its owner hears of it, with what to do. */
export function codesPausedMail(to: string, until: Date, locale: Locale): MailMessage {
  const title = mailText(locale, 'paused.title');
  const paragraphs = [
    mailText(locale, 'paused.what', {
      product: PRODUCT_NAME,
      time: until.toISOString().slice(11, 16),
      date: mailDate(until, locale),
    }),
    mailText(locale, 'paused.you'),
    mailText(locale, 'paused.notYou'),
  ];
  return {
    to,
    subject: title,
    text: `${paragraphs.join('\n\n')}\n`,
    html: layout(title, paragraphs.map(escapeHtml), locale),
  };
}

/**
 * A second factor was added to the account: its owner hears of it, so that one added from a stolen
 * session does not go unnoticed.
 */
export function factorAddedMail(
  to: string,
  factor: { kind: 'totp' | 'passkey'; name?: string },
  at: Date,
  locale: Locale,
): MailMessage {
  const title = mailText(locale, 'factorAdded.title');
  const paragraphs = [
    mailText(locale, 'factorAdded.what', {
      factor: factor.kind,
      name: factor.name ?? '',
      product: PRODUCT_NAME,
      time: at.toISOString().slice(11, 16),
      date: mailDate(at, locale),
    }),
    mailText(locale, 'factorAdded.notYou'),
  ];
  return {
    to,
    subject: title,
    text: `${paragraphs.join('\n\n')}\n`,
    html: layout(title, paragraphs.map(escapeHtml), locale),
  };
}

/**
 * A reset an admin started ('Send Reset Link' in User Management): the code, and a link that opens the
 * sign-in screen's forgot-password flow at its code step, so no second code is needed. The code comes
 * before the link, whose address may hold digits too.
 */
export function adminResetMail(to: string, code: string, link: string, locale: Locale): MailMessage {
  const title = mailText(locale, 'adminReset.title');
  const intro = mailText(locale, 'adminReset.intro', { product: PRODUCT_NAME });
  const open = mailText(locale, 'adminReset.open');
  const expiry = mailText(locale, 'adminReset.expiry', { minutes: VERIFICATION_CODE_TTL_MINUTES });
  return {
    to,
    subject: title,
    text: `${intro}\n\n${code}\n\n${open}\n${link}\n\n${expiry}\n`,
    html: layout(
      title,
      [
        escapeHtml(intro),
        `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
        `${escapeHtml(open)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
        escapeHtml(expiry),
      ],
      locale,
    ),
  };
}

/**
 * An invitation to join the staff (decision 290): who invited, as what role and what it may do, and
 * the link where the person chooses their own password. Sent at once, never queued: the link's token
 * is stored nowhere, not even in the mail queue.
 */
export function staffInvitationMail(
  to: string,
  invitation: { link: string; role: StaffRole; inviter: string; days: number; locale: Locale },
): MailMessage {
  const { link, role, inviter, days, locale } = invitation;
  const roleName = mailText(locale, `role.${role}`);
  const title = mailText(locale, 'invitation.title', { product: PRODUCT_NAME });
  const intro = mailText(locale, 'invitation.intro', { inviter, product: PRODUCT_NAME, role: roleName });
  const may = mailText(locale, `roleLine.${role}`);
  const open = mailText(locale, 'invitation.open');
  const expiry = mailText(locale, 'invitation.expiry', { days });
  return {
    to,
    subject: title,
    text: `${intro}\n${may}\n\n${open}\n${link}\n\n${expiry}\n`,
    html: layout(
      title,
      [
        `${escapeHtml(intro)}<br>${escapeHtml(may)}`,
        `${escapeHtml(open)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
        escapeHtml(expiry),
      ],
      locale,
    ),
  };
}

/**
 * Stands for the product's public address in a queued mail. The enqueueing code runs inside other
 * features' transactions without the configuration, so links are stored with this token and the
 * sender puts `config.publicUrl` in its place (decision 88).
 */
export const PUBLIC_URL_TOKEN = '{{publicUrl}}';

/** Text from users (product names, ids) can never smuggle the token in. */
const plain = (value: string) => value.replaceAll(PUBLIC_URL_TOKEN, '{ {publicUrl}}');

/** Fills the public address into a queued mail's text or HTML. */
export function resolvePublicUrl(body: string, publicUrl: string, html: boolean): string {
  return body.replaceAll(PUBLIC_URL_TOKEN, html ? escapeHtml(publicUrl) : publicUrl);
}

interface MailLink {
  label: string;
  path: string;
}

/** The main link is a button; a second one, when given, a plain link under it. */
function mailWithLink(
  locale: Locale,
  to: string,
  subject: string,
  title: string,
  lines: string[],
  link: MailLink,
  secondLink?: MailLink,
): MailMessage {
  const url = `${PUBLIC_URL_TOKEN}${link.path}`;
  const secondUrl = secondLink && `${PUBLIC_URL_TOKEN}${secondLink.path}`;
  const safeLines = lines.map(plain);
  return {
    to,
    subject: plain(subject),
    text: `${safeLines.join('\n\n')}\n\n${link.label}: ${url}\n${secondLink ? `${secondLink.label}: ${secondUrl}\n` : ''}`,
    html: layout(
      plain(title),
      [
        ...safeLines.map(escapeHtml),
        `<a href="${url}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a>`,
        ...(secondLink ? [`<a href="${secondUrl}">${escapeHtml(secondLink.label)}</a>`] : []),
      ],
      locale,
    ),
  };
}

/** The owner's mail about units of their order that moved to a new stage (one mail per change). */
export function stageChangeMail(input: {
  to: string;
  locale: Locale;
  orderId: number;
  orderNumber: string;
  productName: string;
  quantity: number;
  itemNumbers: readonly number[];
  /** The stage's customer name in the mail's language. */
  stageLabel: string;
}): MailMessage {
  const { locale, orderNumber, productName: product, stageLabel: stage } = input;
  const line =
    input.quantity > 1
      ? mailText(locale, 'stageChange.units', {
          count: input.itemNumbers.length,
          units: mailList(
            input.itemNumbers.map((itemNumber) => mailUnitName(orderNumber, itemNumber, locale)),
            locale,
          ),
          product,
          stage,
        })
      : mailText(locale, 'stageChange.whole', { product, orderNumber, stage });
  return mailWithLink(
    locale,
    input.to,
    mailText(locale, 'stageChange.subject', { orderNumber, stage }),
    mailText(locale, 'stageChange.title', { orderNumber }),
    [line],
    { label: mailText(locale, 'order.view'), path: `/orders/${input.orderId}` },
  );
}

/**
 * The customer's mail for an order an import created or updated with sendNotification on. Its button
 * is the order's tracking page, which needs no account (a customer created from an order has no
 * password yet); the portal link is for those who sign in.
 */
export function orderConfirmationMail(input: {
  to: string;
  locale: Locale;
  orderId: number;
  orderNumber: string;
  productName: string;
  quantity: number;
  stageLabel: string;
  created: boolean;
  trackingPath: string;
  /** False for a customer with no password yet (a PENDING account): the mail says how to set one up. */
  hasPassword?: boolean;
}): MailMessage {
  const { locale, orderNumber, stageLabel: stage } = input;
  const title = mailText(locale, input.created ? 'confirmation.createdTitle' : 'confirmation.updatedTitle', {
    orderNumber,
  });
  const what = mailText(locale, 'confirmation.what', {
    quantity: input.quantity,
    product: input.productName,
  });
  return mailWithLink(
    locale,
    input.to,
    title,
    title,
    [
      mailText(locale, input.created ? 'confirmation.created' : 'confirmation.updated', {
        orderNumber,
        what,
      }),
      mailText(locale, 'confirmation.stage', { stage }),
      mailText(locale, 'confirmation.private'),
      ...(input.hasPassword === false
        ? [mailText(locale, 'confirmation.setPassword', { email: input.to })]
        : []),
    ],
    { label: mailText(locale, 'confirmation.track'), path: input.trackingPath },
    input.hasPassword === false
      ? { label: mailText(locale, 'confirmation.createPassword'), path: '/auth' }
      : { label: mailText(locale, 'confirmation.signIn'), path: `/orders/${input.orderId}` },
  );
}

/** An administrator's notice (Settings → Notifications): new order, payment or document signing. */
export function adminNoticeMail(input: {
  to: string;
  subject: string;
  lines: string[];
  /** The order's internal id: the link opens its own back-office page. */
  orderId: number;
}): MailMessage {
  // The back office is in English, and so are its notices.
  return mailWithLink('en', input.to, input.subject, input.subject, input.lines, {
    label: 'Open in the back office',
    path: `/admin/orders/${input.orderId}`,
  });
}

/** The customer's confirmation of a booked (or moved) delivery day; the invitation is attached by the caller. */
export function deliveryBookingMail(input: {
  to: string;
  locale: Locale;
  orderId: number;
  summary: string;
  dayLabel: string;
  moved: boolean;
  changeableUntil: string;
}): MailMessage {
  const { locale, summary, dayLabel: day } = input;
  const title = mailText(locale, input.moved ? 'booking.movedTitle' : 'booking.bookedTitle');
  return mailWithLink(
    locale,
    input.to,
    mailText(locale, 'booking.subject', { summary, day }),
    title,
    [
      mailText(locale, 'booking.booked', { summary, day }),
      mailText(locale, 'booking.change', { deadline: input.changeableUntil }),
    ],
    { label: mailText(locale, 'order.view'), path: `/orders/${input.orderId}` },
  );
}

/** The customer's news of their financing application, with the link to the order. */
export function financingMail(input: {
  to: string;
  locale: Locale;
  orderId: number;
  subject: string;
  line: string;
}): MailMessage {
  return mailWithLink(input.locale, input.to, input.subject, input.subject, [input.line], {
    label: mailText(input.locale, 'order.view'),
    path: `/orders/${input.orderId}`,
  });
}

/**
 * A message in an order's conversation that its reader has not seen: who wrote, an excerpt, the link.
 * The customer's copy is in their language; staff read the back office's English.
 */
export function conversationMessageMail(input: {
  to: string;
  /** The customer's language; staff mail is in English. */
  locale?: Locale;
  orderNumber: string;
  authorName: string;
  excerpt: string;
  /** The customer's order page, or the order's back-office page. */
  path: string;
  forStaff: boolean;
}): MailMessage {
  const excerpt = input.excerpt.length > 300 ? `${input.excerpt.slice(0, 300)}…` : input.excerpt;
  if (input.forStaff) {
    // The back office is in English, and so are its notices.
    const subject = `Order ${input.orderNumber}: the customer is waiting for an answer`;
    return mailWithLink(
      'en',
      input.to,
      subject,
      subject,
      [`${input.authorName} wrote:`, excerpt || '(files attached)'],
      { label: 'Answer in the back office', path: input.path },
    );
  }
  const locale = input.locale ?? 'en';
  const subject = mailText(locale, 'message.subject', { orderNumber: input.orderNumber });
  return mailWithLink(
    locale,
    input.to,
    subject,
    subject,
    [
      mailText(locale, 'message.wrote', { name: input.authorName }),
      excerpt || mailText(locale, 'message.filesOnly'),
    ],
    { label: mailText(locale, 'message.reply'), path: input.path },
  );
}
export type { MailKey };
