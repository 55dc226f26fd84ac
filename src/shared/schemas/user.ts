/**
 * The customer's own account calls: profile, shipping details, password, notification choices.
 * Written with zod/mini like every shape the browser loads, so that the pages that use them do not
 * pull the whole of Zod into the /auth first load (decision 14).
 */
import * as z from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { LOCALES } from '../locales.js';
import { PASSWORD_MAX_LENGTH } from './auth.js';

const ZIP_PATTERN = /^(\d{5}(-\d{4})?)?$/;

/** The profile and shipping forms' messages; the portal shows them in the reader's language by name. */
export const USER_MESSAGES = {
  tooLong: 'At most 100 characters',
  tooLongPhone: 'At most 20 characters',
  phoneCharacters: 'Use digits, spaces, brackets, dots, dashes or +',
  addressRequired: 'Address is required',
  zipCode: 'Please enter a valid ZIP code',
} as const;

const name = z.string().check(z.trim(), z.maxLength(100, USER_MESSAGES.tooLong));
const phone = z
  .string()
  .check(
    z.trim(),
    z.maxLength(20, USER_MESSAGES.tooLongPhone),
    z.regex(/^[\d\s()+.-]*$/, USER_MESSAGES.phoneCharacters),
  );
const optionalText = (max: number) =>
  z._default(z.optional(z.string().check(z.trim(), z.maxLength(max))), '');

/** PATCH /api/user/profile: names and phone only; any other field (role, e-mail) is dropped. */
export const profileUpdateSchema = z.object({
  firstName: z.optional(name),
  lastName: z.optional(name),
  phoneNumber: z.optional(phone),
});

/** PATCH /api/user/shipping-address: the latest order's shipping address and phone. */
export const shippingAddressUpdateSchema = z.object({
  address: z.string().check(z.trim(), z.minLength(1, USER_MESSAGES.addressRequired), z.maxLength(300)),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: z._default(
    z.optional(z.string().check(z.trim(), z.regex(ZIP_PATTERN, USER_MESSAGES.zipCode))),
    '',
  ),
  phoneNumber: z._default(z.optional(phone), ''),
});

export const PASSWORD_CHANGE_MESSAGES = {
  current: 'Current password is required',
  wrongCurrent: 'Current password is incorrect',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  mismatchTitle: "Passwords don't match",
  mismatch: 'New password and confirmation must match',
} as const;

/** POST /api/user/password: checked on the server; other sessions are signed out. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string()
      .check(z.minLength(1, PASSWORD_CHANGE_MESSAGES.current), z.maxLength(PASSWORD_MAX_LENGTH)),
    newPassword: z
      .string()
      .check(
        z.minLength(MIN_PASSWORD_LENGTH, PASSWORD_CHANGE_MESSAGES.tooShort),
        z.maxLength(PASSWORD_MAX_LENGTH),
      ),
    confirmPassword: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: PASSWORD_CHANGE_MESSAGES.mismatch,
      path: ['confirmPassword'],
    }),
  );

/** GET and PATCH /api/user/notifications: the Settings toggles, stored per user. */
export const notificationPrefsSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export const notificationPrefsPatchSchema = z.partial(notificationPrefsSchema);

/** PATCH /api/user/preferences: the customer side's language of the signed-in user. */
export const preferencesSchema = z.strictObject({ locale: z.enum(LOCALES) });

/** GET /api/user/:userId/status: the registration status of the caller's own id. */
export const userStatusParams = z.object({ userId: z.coerce.number().check(z.int(), z.positive()) });

export const userStatusSchema = z.object({ status: z.enum(['REGISTERED', 'UNREGISTERED']) });

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ShippingAddressUpdate = z.input<typeof shippingAddressUpdateSchema>;
export type PasswordChange = z.input<typeof passwordChangeSchema>;
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;
