/** Authenticator-app codes (RFC 6238): SHA-1, six digits, 30-second steps, as every common app expects. */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS } from '../../../shared/schemas/security.js';

export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too: phone clocks drift. */
const WINDOW_STEPS = 1;

function totpOf(secret: string, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh 160-bit secret (the RFC's recommended length for SHA-1), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app imports (by QR code or by pasting it). */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

/**
 * The URI as a QR code the app scans, a PNG data URL the page shows as an image (decision 292): drawn
 * on the server, so the staff pages carry no QR library; error correction M, as authenticator apps
 * expect, with the quiet zone the scanners need.
 */
export function totpQrCode(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}

/**
 * The 30-second step `code` belongs to, if it is right at `now` (within one step either way), else
 * null. The caller accepts a step only once, and only after the last accepted one.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}
