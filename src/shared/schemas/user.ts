/** The customer's own account calls: profile, shipping details, password, notification choices. */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { PASSWORD_MAX_LENGTH } from './auth.js';

const name = z.string().trim().max(100, 'At most 100 characters');
const phone = z
  .string()
  .trim()
  .max(20, 'At most 20 characters')
  .regex(/^[\d\s()+.-]*$/, 'Use digits, spaces, brackets, dots, dashes or +');

/** PATCH /api/user/profile: names and phone only; any other field (role, e-mail) is dropped. */
export const profileUpdateSchema = z.object({
  firstName: name.optional(),
  lastName: name.optional(),
  phoneNumber: phone.optional(),
});

/** PATCH /api/user/shipping-address: the latest order's shipping address and phone. */
export const shippingAddressUpdateSchema = z.object({
  address: z.string().trim().min(1, 'Address is required').max(300),
  city: z.string().trim().max(100).optional().default(''),
  state: z.string().trim().max(50).optional().default(''),
  zipCode: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, 'Please enter a valid ZIP code')
    .optional()
    .default(''),
  phoneNumber: phone.optional().default(''),
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
    currentPassword: z.string().min(1, PASSWORD_CHANGE_MESSAGES.current).max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, PASSWORD_CHANGE_MESSAGES.tooShort)
      .max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORD_CHANGE_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });

/** GET and PATCH /api/user/notifications: the Settings toggles, stored per user. */
export const notificationPrefsSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export const notificationPrefsPatchSchema = notificationPrefsSchema.partial();

export const userStatusSchema = z.object({ status: z.enum(['REGISTERED', 'UNREGISTERED']) });

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ShippingAddressUpdate = z.input<typeof shippingAddressUpdateSchema>;
export type PasswordChange = z.input<typeof passwordChangeSchema>;
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;
