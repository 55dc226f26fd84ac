/** The texts the financing screens pick by data (states, employment, a field's error), for the catalogue test. */
import { EMPLOYMENT_STATUSES, FINANCING_STATES } from '../../../shared/schemas/financing.js';

/** The application's fields as the server and the form name them ('applicant.phone'). */
export const FINANCING_FIELDS = [
  'provider',
  'termMonths',
  'amount',
  'applicant.firstName',
  'applicant.lastName',
  'applicant.email',
  'applicant.phone',
  'applicant.dateOfBirth',
  'applicant.address',
  'applicant.employmentStatus',
  'applicant.annualIncome',
  'consent',
] as const;

/** The catalogue key of a field's error: its name without the 'applicant.' group. */
export const fieldErrorKey = (path: string) =>
  (FINANCING_FIELDS as readonly string[]).includes(path)
    ? `error.${path.replace('applicant.', '')}`
    : 'error.generic';

export const FINANCING_DYNAMIC_KEYS = [
  ...FINANCING_STATES.flatMap((state) => [`state.${state}`, `stateNote.${state}`]),
  ...EMPLOYMENT_STATUSES.map((status) => `employment.${status}`),
  ...FINANCING_FIELDS.map(fieldErrorKey),
  'error.generic',
];
