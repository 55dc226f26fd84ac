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

/**
 * A reset an admin started (admin spec §2, 'Send Reset Link'): the code, and a link that opens the
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
