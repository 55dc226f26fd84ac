import { PRODUCT_NAME, VERIFICATION_CODE_TTL_MINUTES } from '../../shared/constants.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px;border:1px solid #e5e7eb">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0 0;color:#6b7280;font-size:12px">${PRODUCT_NAME}</p></div></body></html>`;
}

export function verificationCodeMail(to: string, code: string, purpose: 'sign-in' | 'reset'): MailMessage {
  const title = purpose === 'reset' ? 'Reset your password' : 'Your verification code';
  const intro =
    purpose === 'reset' ? 'Use this code to reset your password:' : 'Use this code to finish signing in:';
  const expiry = `It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes and can be used once. If you did not ask for it, ignore this e-mail.`;
  return {
    to,
    subject: title,
    text: `${intro}\n\n${code}\n\n${expiry}\n`,
    html: layout(title, [
      intro,
      `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
      escapeHtml(expiry),
    ]),
  };
}

/** The wrong-code budget of an address was spent: its owner hears of it, with what to do. */
export function codesPausedMail(to: string, until: Date): MailMessage {
  const title = 'Sign-in codes paused for your account';
  const paragraphs = [
    `Several wrong verification codes were entered for your ${PRODUCT_NAME} account, so its codes stop working until ${until.toISOString().slice(11, 16)} UTC (${until.toISOString().slice(0, 10)}).`,
    'If this was you, wait until then and ask for a new code.',
    'If it was not, someone may be trying to get into your account: once the pause ends, sign in and change your password. Nobody can sign in with a code while it lasts.',
  ];
  return {
    to,
    subject: title,
    text: `${paragraphs.join('\n\n')}\n`,
    html: layout(title, paragraphs.map(escapeHtml)),
  };
}

/**
 * A reset an admin started ('Send Reset Link' in User Management): the code, and a link that opens the
 * sign-in screen's forgot-password flow at its code step, so no second code is needed. The code comes
 * before the link, whose address may hold digits too.
 */
export function adminResetMail(to: string, code: string, link: string): MailMessage {
  const title = 'Reset your password';
  const intro = `An administrator of ${PRODUCT_NAME} started a password reset for your account. Your code:`;
  const open = 'Open this link, enter the code and choose a new password:';
  const expiry = `The code expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes and can be used once. Until you choose a new password, your current one keeps working.`;
  return {
    to,
    subject: title,
    text: `${intro}\n\n${code}\n\n${open}\n${link}\n\n${expiry}\n`,
    html: layout(title, [
      escapeHtml(intro),
      `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
      `${escapeHtml(open)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(expiry),
    ]),
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
    html: layout(plain(title), [
      ...safeLines.map(escapeHtml),
      `<a href="${url}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a>`,
      ...(secondLink ? [`<a href="${secondUrl}">${escapeHtml(secondLink.label)}</a>`] : []),
    ]),
  };
}

const unitList = (numbers: readonly number[]) =>
  numbers.length === 1
    ? `Unit ${numbers[0]}`
    : `Units ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;

/** The owner's mail about units of their order that moved to a new stage (one mail per change). */
export function stageChangeMail(input: {
  to: string;
  orderId: number;
  orderNumber: string;
  productName: string;
  quantity: number;
  itemNumbers: readonly number[];
  stageLabel: string;
}): MailMessage {
  const { orderNumber, productName, stageLabel } = input;
  const which =
    input.quantity > 1 ? `${unitList(input.itemNumbers)} of your ${productName}` : `Your ${productName}`;
  const plural = input.quantity > 1 && input.itemNumbers.length > 1;
  return mailWithLink(
    input.to,
    `Order ${orderNumber}: ${stageLabel}`,
    `Your order ${orderNumber} was updated`,
    [`${which} (order ${orderNumber}) ${plural ? 'are' : 'is'} now at the stage ${stageLabel}.`],
    { label: 'View your order', path: `/orders/${input.orderId}` },
  );
}

/**
 * The customer's mail for an order an import created or updated with sendNotification on. Its button
 * is the order's tracking page, which needs no account (a customer created from an order has no
 * password yet); the portal link is for those who sign in.
 */
export function orderConfirmationMail(input: {
  to: string;
  orderId: number;
  orderNumber: string;
  productName: string;
  quantity: number;
  stageLabel: string;
  created: boolean;
  trackingPath: string;
}): MailMessage {
  const { orderNumber, productName, stageLabel } = input;
  const title = input.created
    ? `Your order ${orderNumber} is confirmed`
    : `Your order ${orderNumber} was updated`;
  const what = input.quantity > 1 ? `${input.quantity} × ${productName}` : productName;
  return mailWithLink(
    input.to,
    title,
    title,
    [
      input.created
        ? `We have your order ${orderNumber} for ${what}.`
        : `Your order ${orderNumber} for ${what} was updated.`,
      `Its current stage: ${stageLabel}.`,
      'Follow its progress on your tracking page; anyone with that link can see it, so keep it to yourself.',
    ],
    { label: 'Track your order', path: input.trackingPath },
    { label: 'Or sign in to view your order', path: `/orders/${input.orderId}` },
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
  return mailWithLink(input.to, input.subject, input.subject, input.lines, {
    label: 'Open in the back office',
    path: `/admin/orders/${input.orderId}`,
  });
}

/** The customer's confirmation of a booked (or moved) delivery day; the invitation is attached by the caller. */
export function deliveryBookingMail(input: {
  to: string;
  orderId: number;
  summary: string;
  dayLabel: string;
  moved: boolean;
  changeableUntil: string;
}): MailMessage {
  const title = input.moved ? 'Your delivery day was changed' : 'Your delivery day is booked';
  return mailWithLink(
    input.to,
    `${input.summary}: ${input.dayLabel}`,
    title,
    [
      `${input.summary} is booked for ${input.dayLabel}.`,
      `You can change the day on your order page until ${input.changeableUntil}. The attached invitation adds it to your calendar.`,
    ],
    { label: 'View your order', path: `/orders/${input.orderId}` },
  );
}

/** A message in an order's conversation that its reader has not seen: who wrote, an excerpt, the link. */
export function conversationMessageMail(input: {
  to: string;
  orderNumber: string;
  authorName: string;
  excerpt: string;
  /** The customer's order page, or the order's back-office page. */
  path: string;
  forStaff: boolean;
}): MailMessage {
  const subject = input.forStaff
    ? `Order ${input.orderNumber}: the customer is waiting for an answer`
    : `New message about your order ${input.orderNumber}`;
  const excerpt = input.excerpt.length > 300 ? `${input.excerpt.slice(0, 300)}…` : input.excerpt;
  return mailWithLink(
    input.to,
    subject,
    subject,
    [`${input.authorName} wrote:`, excerpt || '(files attached)'],
    { label: input.forStaff ? 'Answer in the back office' : 'Read and reply', path: input.path },
  );
}
