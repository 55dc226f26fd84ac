/**
 * Settings by category: the values each category holds, their defaults, and which ones are secrets
 * that the server never sends back once saved, so no page or answer can reveal them again. zod/mini
 * (decision 14).
 */
import * as z from 'zod/mini';
import { DEFAULT_HELP_ENTRIES } from '../help-defaults.js';
import { financingProvidersSchema } from './financing.js';
import { DEFAULT_STAGE_DAYS, stageDefaultDaysSchema } from './forecast.js';
import { type HelpSettings, helpSettingsSchema } from './help.js';
import { ZIP_CODE_PATTERN } from './service-areas.js';
import { isSiteLink, isWebUrl, WEB_URL_MESSAGE } from './web-url.js';

export const SETTINGS_CATEGORIES = [
  'general',
  'notifications',
  'integrations',
  'serviceareas',
  'forecast',
  'security',
  'financing',
  'help',
] as const;
export type SettingsCategory = (typeof SETTINGS_CATEGORIES)[number];

/** An absolute http(s) address, or a path of this product such as '/'. */
const linkSchema = z
  .string()
  .check(z.trim(), z.maxLength(2000), z.refine(isSiteLink, 'Enter an http(s) address or a path'));

/** The same, or '' for "not set". */
const optionalLinkSchema = z.string().check(
  z.trim(),
  z.maxLength(2000),
  z.refine((value) => value === '' || isSiteLink(value), 'Enter an http(s) address or a path'),
);

/** A saved secret is answered as this prefix plus its last 4 characters; sent back, it keeps the secret. */
export const SECRET_MASK = '••••••••';

/** A Stripe secret (sk_) or restricted (rk_) key, live or test. */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[0-9A-Za-z]{8,247}$/;

/** A Standard Webhooks signing secret: 'whsec_' and the base64 of the key's bytes. */
export const AUTOMATION_SIGNING_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

const hexColour = z.string().check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #4f46e5'));

export const generalSettingsSchema = z.object({
  companyName: z.string().check(z.trim(), z.minLength(1, 'Company name is required'), z.maxLength(200)),
  /** Empty until the business sets one; trimmed and lower-cased like every address (decision 8). */
  contactEmail: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.union([
      z.literal(''),
      z.email({ pattern: z.regexes.html5Email, error: 'Please enter a valid email address' }),
    ]),
  ),
  theme: z.enum(['Light', 'Dark', 'System']),
  brandColor: hexColour,
  /**
   * The external pages the portal's link buttons open (decision 36); unset ('') by default: Help &
   * Support then opens the built-in help page and the store buttons are hidden (decision 266).
   */
  faqUrl: optionalLinkSchema,
  storeUrl: optionalLinkSchema,
  membersAreaUrl: linkSchema,
});

export const notificationSettingsSchema = z.object({
  newOrderAlerts: z.boolean(),
  paymentProcessing: z.boolean(),
  documentSigning: z.boolean(),
  /** Staff who answer customers are mailed when a conversation starts waiting for an answer. */
  customerMessages: z.boolean(),
  /** Customers are mailed a confirmation with their tracking link for orders from the orders webhook. */
  confirmWebhookOrders: z.boolean(),
  /** The same for orders staff create (an import has its own sendNotification switch). */
  confirmAdminOrders: z.boolean(),
});

export const integrationSettingsSchema = z.object({
  /** Secret: answered masked. */
  webflowApiKey: z.string().check(z.trim(), z.maxLength(500)),
  webflowSiteId: z.string().check(z.trim(), z.maxLength(200)),
  /** Set by the server when the website builder's key was verified; read-only for the browser. */
  webflowVerified: z.boolean(),
  stripeEnabled: z.boolean(),
  stripePublicKey: z.string().check(z.trim(), z.maxLength(500)),
  /** Secret: answered masked; written through POST /api/stripe/update-key. */
  stripeSecretKey: z.union([
    z.literal(''),
    // The masked form the server answers: sent back, it keeps the saved key.
    z.string().check(z.refine((v) => v.startsWith(SECRET_MASK))),
    z
      .string()
      .check(
        z.trim(),
        z.regex(
          STRIPE_SECRET_KEY_PATTERN,
          'Enter a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)',
        ),
      ),
  ]),
  /** Secret: answered masked. Stripe's signed webhooks are checked with it when keys live in settings. */
  stripeWebhookSecret: z.string().check(z.trim(), z.maxLength(500)),
  zapierWebhookUrl: z.union([z.literal(''), z.string().check(z.trim(), z.refine(isWebUrl, WEB_URL_MESSAGE))]),
  /**
   * Secret, server-owned: the key the automation webhooks are signed with (Standard Webhooks). The
   * server generates it; answered masked, revealed to admins on request (decision 84).
   */
  automationSigningSecret: z.union([
    z.literal(''),
    z.string().check(z.refine((v) => v.startsWith(SECRET_MASK))),
    z.string().check(z.regex(AUTOMATION_SIGNING_SECRET_PATTERN)),
  ]),
  /** Whether the order-status webhook may move a unit to an earlier stage (decision 267). */
  allowBackwardMoves: z.boolean(),
});

export const serviceAreaSettingsSchema = z.object({
  enabledZipCodes: z.array(z.string().check(z.regex(ZIP_CODE_PATTERN, 'A ZIP code has 5 digits'))),
});

/** Delivery estimates: the typical days per stage used until there is enough delivered history. */
export const forecastSettingsSchema = z.object({ stageDefaultDays: stageDefaultDaysSchema });

/** Settings → Security: whether every staff account must have a second factor (decision 154). */
export const securitySettingsSchema = z.object({ requireSecondFactor: z.boolean() });

/**
 * Settings → Financing (decision 270): whether customers may apply for financing at the payment stage,
 * and with which providers and terms. The signing secret is server-owned, shown once when created.
 */
export const financingSettingsSchema = z.object({
  enabled: z.boolean(),
  providers: financingProvidersSchema,
  /** Secret, server-owned: what submissions to providers are signed with (Standard Webhooks). */
  signingSecret: z.union([
    z.literal(''),
    z.string().check(z.refine((v) => v.startsWith(SECRET_MASK))),
    z.string().check(z.regex(AUTOMATION_SIGNING_SECRET_PATTERN)),
  ]),
});

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;
export type ServiceAreaSettings = z.infer<typeof serviceAreaSettingsSchema>;
export type ForecastSettings = z.infer<typeof forecastSettingsSchema>;
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export type FinancingSettings = z.infer<typeof financingSettingsSchema>;

export interface SettingsByCategory {
  general: GeneralSettings;
  notifications: NotificationSettings;
  integrations: IntegrationSettings;
  serviceareas: ServiceAreaSettings;
  forecast: ForecastSettings;
  security: SecuritySettings;
  financing: FinancingSettings;
  help: HelpSettings;
}

export const SETTINGS_SCHEMAS = {
  general: generalSettingsSchema,
  notifications: notificationSettingsSchema,
  integrations: integrationSettingsSchema,
  serviceareas: serviceAreaSettingsSchema,
  forecast: forecastSettingsSchema,
  security: securitySettingsSchema,
  financing: financingSettingsSchema,
  help: helpSettingsSchema,
} as const;

export const SETTINGS_DEFAULTS: SettingsByCategory = {
  general: {
    companyName: 'OrderFlow',
    contactEmail: '',
    theme: 'Light',
    brandColor: '#4f46e5',
    faqUrl: '',
    storeUrl: '',
    membersAreaUrl: '/',
  },
  notifications: {
    newOrderAlerts: true,
    paymentProcessing: true,
    documentSigning: true,
    customerMessages: true,
    confirmWebhookOrders: true,
    confirmAdminOrders: true,
  },
  integrations: {
    webflowApiKey: '',
    webflowSiteId: '',
    webflowVerified: false,
    stripeEnabled: false,
    stripePublicKey: '',
    stripeSecretKey: '',
    stripeWebhookSecret: '',
    zapierWebhookUrl: '',
    automationSigningSecret: '',
    allowBackwardMoves: false,
  },
  serviceareas: { enabledZipCodes: [] },
  forecast: { stageDefaultDays: DEFAULT_STAGE_DAYS },
  security: { requireSecondFactor: false },
  financing: { enabled: false, providers: [], signingSecret: '' },
  help: { helpEntries: DEFAULT_HELP_ENTRIES },
};

/** Keys whose saved value never leaves the server; answers carry MASK plus the last 4 characters. */
export const SECRET_SETTING_KEYS: readonly string[] = [
  'webflowApiKey',
  'stripeSecretKey',
  'stripeWebhookSecret',
  'automationSigningSecret',
  'signingSecret',
];

export function maskSecret(value: string): string {
  return value === '' ? '' : `${SECRET_MASK}${value.slice(-4)}`;
}

export function isMaskedSecret(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(SECRET_MASK);
}

/** GET /api/settings/:category answers a list of {key, value}, the shape the Settings page reads. */
export const settingEntrySchema = z.object({ key: z.string(), value: z.unknown() });
export const settingEntriesSchema = z.array(settingEntrySchema);
export type SettingEntry = z.infer<typeof settingEntrySchema>;

/** `:category` of the settings routes; the server answers an unknown name with its own error. */
export const settingsCategoryParams = z.object({ category: z.string().check(z.maxLength(50)) });

/** A category's batch: checked per category by the server, which names each bad field. */
export const settingsBatchSchema = z.unknown();
