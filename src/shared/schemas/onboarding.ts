/**
 * The 'Complete Your Onboarding' form. The browser and the server check the same rules with the same
 * words; the server keeps what it parsed and nothing else. zod/mini, as for every shape the browser
 * loads (decision 14).
 */
import * as z from 'zod/mini';
import { orderItemSchema } from './orders.js';

export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

export type UsStateCode = (typeof US_STATES)[number][0];
export const US_STATE_CODES = US_STATES.map(([code]) => code) as [UsStateCode, ...UsStateCode[]];

/** The phone countries the form offers and what it stores for each. */
export const PHONE_COUNTRIES = [
  { name: 'United States', code: 'US', dialing: '+1' },
  { name: 'Canada', code: 'CA', dialing: '+1' },
  { name: 'Mexico', code: 'MX', dialing: '+52' },
] as const;
export type PhoneCountryName = (typeof PHONE_COUNTRIES)[number]['name'];
const PHONE_COUNTRY_NAMES = PHONE_COUNTRIES.map((c) => c.name) as [PhoneCountryName, ...PhoneCountryName[]];

export const BUSINESS_TYPES = ['LLC', 'Corporation', 'Other'] as const;
export const APPLICATION_TYPES = ['Business', 'Individual'] as const;
export const YES_NO = ['Yes', 'No'] as const;

/** Individual applications hide the Business panel, so they are sent with these business values. */
export const INDIVIDUAL_DEFAULTS = {
  businessName: '',
  businessType: 'LLC',
  stateEntityEstablished: 'CA',
} as const;

export const ONBOARDING_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  address: 'Address is required',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be at least 10 digits',
  businessName: 'Business name is required',
  businessType: 'Business type is required',
  otherBusinessType: 'Please specify business type',
  businessPhone: 'Business phone number is required (min 10 digits)',
  stateEntityEstablished: 'State of entity establishment is required',
  businessAddress: 'Business address is required',
  deliveryAddress: 'Delivery address is required',
  zipCode: 'Please enter a valid ZIP code',
  state: 'Please choose a US state',
} as const;

/** Submit-time toasts: the title 'Validation Error' with one of these, for the first failing group. */
export const ONBOARDING_TOASTS = {
  personal: 'Please fill in all required fields correctly. Phone number must have at least 10 digits.',
  otherBusinessType: "Please specify your business type in the 'Other' field.",
  business: 'Please fill in all required business information fields.',
  delivery: "Please provide your delivery address since you selected 'Yes' for finalized delivery address.",
  businessTrigger: 'Validation Failed: Please fill in all required fields correctly.',
} as const;

const TEXT_MAX = 300;
const text = z.string().check(z.trim(), z.maxLength(TEXT_MAX));
/** Absent or empty both read as ''. */
const orEmpty = (schema: z.ZodMiniString<string>) => z._default(z.optional(schema), '');
const optionalText = orEmpty(text);
const required = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(TEXT_MAX));
/** Ten digits, as the phone input keeps them. */
const phoneDigits = /^\d{10}$/;
const optionalZip = orEmpty(
  z.string().check(z.trim(), z.regex(/^(\d{5}(-\d{4})?)?$/, ONBOARDING_MESSAGES.zipCode)),
);
const stateOrEmpty = (message?: string) =>
  z._default(z.optional(z.union([z.literal(''), z.enum(US_STATE_CODES, { error: message })])), '');
const optionalState = stateOrEmpty(ONBOARDING_MESSAGES.state);
const phoneCountry = z._default(z.enum(PHONE_COUNTRY_NAMES), 'United States');

const baseShape = {
  /** Read-only in the form; the server keeps the account's e-mail, not this one. */
  email: optionalText,
  firstName: required(ONBOARDING_MESSAGES.firstName),
  lastName: required(ONBOARDING_MESSAGES.lastName),
  /** The formatted address from autocomplete, or the street line typed into the plain fields. */
  address: required(ONBOARDING_MESSAGES.address),
  street_address: optionalText,
  personalFullAddress: optionalText,
  city: optionalText,
  state: optionalState,
  zipCode: optionalZip,
  unitNumber: optionalText,
  personalPhoneCountry: phoneCountry,
  personalPhone: z
    .string({ error: ONBOARDING_MESSAGES.phoneRequired })
    .check(
      z.minLength(1, ONBOARDING_MESSAGES.phoneRequired),
      z.regex(phoneDigits, ONBOARDING_MESSAGES.phoneDigits),
    ),
  applicationType: z.enum(APPLICATION_TYPES),
  businessType: z._default(z.optional(z.union([z.literal(''), z.enum(BUSINESS_TYPES)])), ''),
  otherBusinessType: optionalText,
  businessName: optionalText,
  businessPhoneCountry: phoneCountry,
  businessPhone: orEmpty(z.string().check(z.trim(), z.maxLength(20))),
  stateEntityEstablished: stateOrEmpty(),
  businessAddress: optionalText,
  businessFullAddress: optionalText,
  businessCity: optionalText,
  businessState: optionalState,
  businessZipCode: optionalZip,
  businessUnitNumber: optionalText,
  hasFinalizedDeliveryAddress: z._default(z.enum(YES_NO), 'No'),
  deliveryAddress: optionalText,
  deliveryFullAddress: optionalText,
  deliveryCity: optionalText,
  deliveryState: optionalState,
  deliveryZipCode: optionalZip,
  deliveryUnitNumber: optionalText,
};

type Issue = { path: string; message: string };

/** The Business and delivery rules, which depend on other fields. */
function conditionalIssues(value: {
  applicationType: string;
  businessName: string;
  businessType: string;
  otherBusinessType: string;
  businessPhone: string;
  stateEntityEstablished: string;
  businessAddress: string;
  hasFinalizedDeliveryAddress: string;
  deliveryAddress: string;
}): Issue[] {
  const issues: Issue[] = [];
  if (value.applicationType === 'Business') {
    if (!value.businessName) issues.push({ path: 'businessName', message: ONBOARDING_MESSAGES.businessName });
    if (!value.businessType) issues.push({ path: 'businessType', message: ONBOARDING_MESSAGES.businessType });
    if (value.businessType === 'Other' && !value.otherBusinessType) {
      issues.push({ path: 'otherBusinessType', message: ONBOARDING_MESSAGES.otherBusinessType });
    }
    if (!phoneDigits.test(value.businessPhone)) {
      issues.push({ path: 'businessPhone', message: ONBOARDING_MESSAGES.businessPhone });
    }
    if (!value.stateEntityEstablished) {
      issues.push({ path: 'stateEntityEstablished', message: ONBOARDING_MESSAGES.stateEntityEstablished });
    }
    if (!value.businessAddress) {
      issues.push({ path: 'businessAddress', message: ONBOARDING_MESSAGES.businessAddress });
    }
  }
  if (value.hasFinalizedDeliveryAddress === 'Yes' && !value.deliveryAddress) {
    issues.push({ path: 'deliveryAddress', message: ONBOARDING_MESSAGES.deliveryAddress });
  }
  return issues;
}

export const onboardingFormSchema = z.object(baseShape).check(
  z.superRefine((value, ctx) => {
    for (const issue of conditionalIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, input: value });
    }
  }),
);

export type OnboardingFormInput = z.input<typeof onboardingFormSchema>;
export type OnboardingFormData = z.output<typeof onboardingFormSchema>;

/** POST /api/onboarding/submit. `orderId` is the order's internal id, as in the URL paths. */
const positiveId = z.number().check(z.int(), z.positive());

export const onboardingSubmitSchema = z.object({
  formData: onboardingFormSchema,
  orderItemId: positiveId,
  orderId: positiveId,
  itemNumber: z.optional(positiveId),
});

export type OnboardingSubmit = z.input<typeof onboardingSubmitSchema>;

/**
 * The body POST /api/onboarding/submit validates on arrival: formData is only an object there, and the
 * service checks it against onboardingFormSchema, so that each message is keyed by the form's own field
 * name (fields.firstName), as the form shows it.
 */
export const onboardingSubmitRequestSchema = z.object({
  formData: z.record(z.string(), z.unknown()),
  orderItemId: positiveId,
  orderId: positiveId,
  itemNumber: z.optional(positiveId),
});

/** What a submission answers: the unit, now past onboarding. */
export const onboardingSubmittedSchema = z.object({ message: z.string(), item: orderItemSchema });
export type OnboardingSubmitted = z.output<typeof onboardingSubmittedSchema>;

/** The street line of a formatted address: the text before its first comma. */
export function streetFromFormatted(formatted: string): string {
  return (formatted.split(',')[0] ?? '').trim();
}
