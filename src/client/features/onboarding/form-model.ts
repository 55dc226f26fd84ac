/**
 * What the onboarding form holds and what it sends (decisions 23 and 24). Pure functions, so the rules
 * can be read and tested apart from the screen.
 */
import type { FieldErrors } from 'react-hook-form';
import type { PhoneCountry } from '../../../shared/format.js';
import {
  INDIVIDUAL_DEFAULTS,
  type ONBOARDING_TOASTS,
  type OnboardingFormData,
  type OnboardingFormInput,
  PHONE_COUNTRIES,
  type PhoneCountryName,
  US_STATES,
} from '../../../shared/schemas/onboarding.js';
import type { ShippingAddressDto } from '../../../shared/schemas/orders.js';
import type { Choice } from '../../components/select-field';

/** The 50 states and DC, shown by name, stored as the two-letter code. */
export const STATE_OPTIONS: Choice[] = US_STATES.map(([value, label]) => ({ value, label }));

/** Every field the form holds, as strings; the schema's input type has them optional. */
export type OnboardingValues = Required<OnboardingFormInput>;
export type OnboardingField = keyof OnboardingValues;

/** The three addresses and the fields each one fills. Only the personal one keeps a street line. */
export const ADDRESS_GROUPS = {
  personal: {
    street: 'address',
    streetLine: 'street_address',
    full: 'personalFullAddress',
    unit: 'unitNumber',
    city: 'city',
    state: 'state',
    zip: 'zipCode',
  },
  business: {
    street: 'businessAddress',
    streetLine: null,
    full: 'businessFullAddress',
    unit: 'businessUnitNumber',
    city: 'businessCity',
    state: 'businessState',
    zip: 'businessZipCode',
  },
  delivery: {
    street: 'deliveryAddress',
    streetLine: null,
    full: 'deliveryFullAddress',
    unit: 'deliveryUnitNumber',
    city: 'deliveryCity',
    state: 'deliveryState',
    zip: 'deliveryZipCode',
  },
} as const satisfies Record<
  string,
  Record<'street' | 'full' | 'unit' | 'city' | 'state' | 'zip', OnboardingField> & {
    streetLine: OnboardingField | null;
  }
>;

export type AddressGroup = keyof typeof ADDRESS_GROUPS;

/** What the account already holds that the form starts from: the user's profile and latest shipping details. */
export interface AccountPrefill {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  /** The order's shipping address: an object, or text as the customer gave it. */
  shippingAddress?: ShippingAddressDto | null;
  /** The order's phone, when the profile has none. */
  orderPhone?: string | null;
  zipCode?: string | null;
}

function stateCode(value: string | undefined): OnboardingValues['state'] {
  const wanted = value?.trim().toLowerCase() ?? '';
  const found = US_STATES.find(
    ([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted,
  );
  return found?.[0] ?? '';
}

/** The personal address and phone the account already holds, as form fields. */
function accountFields(account: AccountPrefill): Partial<OnboardingValues> {
  const fields: Partial<OnboardingValues> = {};
  const phone = account.phoneNumber?.trim() || account.orderPhone?.trim();
  if (phone) fields.personalPhone = phoneDigitsOf(phone, 'United States');
  const address = account.shippingAddress;
  if (typeof address === 'string' && address.trim()) {
    fields.address = address.trim();
    fields.street_address = address.trim();
    fields.personalFullAddress = address.trim();
    if (account.zipCode) fields.zipCode = account.zipCode;
  } else if (address && typeof address === 'object' && address.street?.trim()) {
    fields.address = address.street.trim();
    fields.street_address = address.street.trim();
    fields.city = address.city?.trim() ?? '';
    fields.state = stateCode(address.state);
    fields.zipCode = address.zipCode?.trim() || account.zipCode || '';
  }
  return fields;
}

/** The string answers of saved onboarding data that the form holds. */
function savedFields(saved: unknown, blank: OnboardingValues): Partial<OnboardingValues> | null {
  if (!saved || typeof saved !== 'object') return null;
  const fields: Partial<OnboardingValues> = {};
  for (const [key, value] of Object.entries(saved)) {
    if (key in blank && key !== 'email' && typeof value === 'string') {
      (fields as Record<string, string>)[key] = value;
    }
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/**
 * The form's first values. Saved onboarding answers come back as they were; without any, the form
 * starts from what the account holds (names, phone, shipping address), which the customer can change.
 * The e-mail is always the account's.
 */
export function initialValues(account: AccountPrefill, saved?: unknown): OnboardingValues {
  const blank = blankValues(account);
  return { ...blank, ...(savedFields(saved, blank) ?? accountFields(account)) };
}

function blankValues(user: AccountPrefill): OnboardingValues {
  return {
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    address: '',
    street_address: '',
    personalFullAddress: '',
    city: '',
    state: '',
    zipCode: '',
    unitNumber: '',
    personalPhoneCountry: 'United States',
    personalPhone: '',
    // Business first: a business customer who overlooks the choice is stopped by the business checks,
    // while the other way round would store made-up business values without a word.
    applicationType: 'Business',
    businessType: '',
    otherBusinessType: '',
    businessName: '',
    businessPhoneCountry: 'United States',
    businessPhone: '',
    stateEntityEstablished: '',
    businessAddress: '',
    businessFullAddress: '',
    businessCity: '',
    businessState: '',
    businessZipCode: '',
    businessUnitNumber: '',
    hasFinalizedDeliveryAddress: 'No',
    deliveryAddress: '',
    deliveryFullAddress: '',
    deliveryCity: '',
    deliveryState: '',
    deliveryZipCode: '',
    deliveryUnitNumber: '',
  };
}

// Phones ------------------------------------------------------------------------------------------

export function phoneCountryCode(name: PhoneCountryName): PhoneCountry {
  return PHONE_COUNTRIES.find((c) => c.name === name)?.code ?? 'US';
}

/**
 * What a phone input keeps of what was typed or pasted: digits only, at most 10. A pasted number that
 * starts with the country's dialing code ('+1 555…') keeps its national part.
 */
export function phoneDigitsOf(typed: string, country: PhoneCountryName): string {
  let digits = typed.replace(/\D/g, '');
  const dialing = (PHONE_COUNTRIES.find((c) => c.name === country)?.dialing ?? '+1').slice(1);
  if (digits.length > 10 && digits.startsWith(dialing)) digits = digits.slice(dialing.length);
  return digits.slice(0, 10);
}

// Addresses ---------------------------------------------------------------------------------------

/** 'street, city, ST 12345', leaving out what is empty. */
export function joinAddress(street: string, city: string, state: string, zip: string): string {
  const region = [state, zip].filter(Boolean).join(' ');
  return [street, city, region]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

function fullAddressOf(values: OnboardingFormData, group: AddressGroup): string {
  const fields = ADDRESS_GROUPS[group];
  return (
    values[fields.full] ||
    joinAddress(values[fields.street], values[fields.city], values[fields.state], values[fields.zip])
  );
}

/**
 * Yes on 'Final Delivery Address' starts from the main address when the delivery address is empty
 * (decision 24). Returns the fields to set, or null when there is nothing to copy or it is not empty.
 */
export function deliveryPrefill(values: OnboardingValues): Partial<OnboardingValues> | null {
  if (values.deliveryAddress.trim() || !values.address.trim()) return null;
  const from = ADDRESS_GROUPS.personal;
  const to = ADDRESS_GROUPS.delivery;
  return {
    [to.street]: values[from.street],
    [to.full]: values[from.full],
    [to.unit]: values[from.unit],
    [to.city]: values[from.city],
    [to.state]: values[from.state],
    [to.zip]: values[from.zip],
  };
}

const BLANK_BUSINESS = {
  otherBusinessType: '',
  businessAddress: '',
  businessFullAddress: '',
  businessCity: '',
  businessState: '',
  businessZipCode: '',
  businessUnitNumber: '',
} as const;

const BLANK_DELIVERY = {
  deliveryAddress: '',
  deliveryFullAddress: '',
  deliveryCity: '',
  deliveryState: '',
  deliveryZipCode: '',
  deliveryUnitNumber: '',
} as const;

/**
 * The formData of POST /api/onboarding/submit: the full addresses gathered from the inputs, the street
 * line falling back to the full address, Individual sent with the fixed business defaults
 * (decision 23). Panels the customer did not choose are sent empty, so nothing is stored that was
 * hidden from them. houseNumber and streetName are left out.
 */
export function submissionFormData(values: OnboardingFormData): OnboardingFormInput {
  const personalFullAddress = fullAddressOf(values, 'personal');
  const data: OnboardingFormInput = {
    ...values,
    personalFullAddress,
    street_address: values.street_address || personalFullAddress,
  };
  if (values.applicationType === 'Individual') {
    Object.assign(data, BLANK_BUSINESS, INDIVIDUAL_DEFAULTS, {
      businessPhone: values.personalPhone,
      businessPhoneCountry: values.personalPhoneCountry,
    });
  } else {
    data.businessFullAddress = fullAddressOf(values, 'business');
    if (values.businessType !== 'Other') data.otherBusinessType = '';
  }
  if (values.hasFinalizedDeliveryAddress === 'Yes') {
    data.deliveryFullAddress = fullAddressOf(values, 'delivery');
  } else {
    Object.assign(data, BLANK_DELIVERY);
  }
  return data;
}

// Submit-time toasts ------------------------------------------------------------------------------

const PERSONAL_FIELDS: OnboardingField[] = ['firstName', 'lastName', 'address', 'personalPhone'];
const BUSINESS_FIELDS: OnboardingField[] = [
  'businessName',
  'businessType',
  'businessPhone',
  'stateEntityEstablished',
  'businessAddress',
];

/** A toast's text by its name under `toasts` in the onboarding catalogue (ONBOARDING_TOASTS in English). */
export type ToastText = keyof typeof ONBOARDING_TOASTS | 'validationTitle';

/**
 * The one toast a refused submit shows: the first failing group in the order of the form; anything else
 * the schema refused (a ZIP code, say) gets the general trigger message.
 */
export function validationToast(errors: FieldErrors<OnboardingValues>): {
  title: ToastText;
  description?: ToastText;
} {
  const failed = (fields: OnboardingField[]) => fields.some((field) => errors[field]);
  const title = 'validationTitle';
  if (failed(PERSONAL_FIELDS)) return { title, description: 'personal' };
  if (errors.otherBusinessType) return { title, description: 'otherBusinessType' };
  if (failed(BUSINESS_FIELDS)) return { title, description: 'business' };
  if (errors.deliveryAddress) return { title, description: 'delivery' };
  return { title: 'businessTrigger' };
}
