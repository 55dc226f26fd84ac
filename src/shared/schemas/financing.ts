/**
 * Financing applications (decision 270): the Settings category that offers financing, the customer's
 * application for a unit at the payment stage (a draft saved as they go, then submitted to a
 * provider), and what staff read of them. Amounts are in cents. zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { uploadSchema } from './conversations.js';
import { isWebUrl, WEB_URL_MESSAGE } from './web-url.js';

export const FINANCING_STATES = ['draft', 'submitted', 'approved', 'declined', 'withdrawn'] as const;
export type FinancingState = (typeof FINANCING_STATES)[number];

/** The longest term a provider may offer, in months (40 years). */
export const MAX_TERM_MONTHS = 480;
/** The largest amount an application may ask, in cents ($10 000 000). */
export const MAX_FINANCING_AMOUNT = 1_000_000_000;
/** Files one application may carry. */
export const MAX_FINANCING_DOCUMENTS = 10;

const termMonths = z.number().check(z.int(), z.minimum(1), z.maximum(MAX_TERM_MONTHS));

export const financingProviderSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Provider name is required'), z.maxLength(100)),
  url: z.string().check(z.trim(), z.maxLength(2000), z.refine(isWebUrl, WEB_URL_MESSAGE)),
  termMonths: z
    .array(termMonths)
    .check(z.minLength(1, 'Offer at least one term'), z.maxLength(12, 'At most 12 terms')),
});
export type FinancingProvider = z.infer<typeof financingProviderSchema>;

/** The providers of Settings → Financing: each name once, so an application names one exactly. */
export const financingProvidersSchema = z.array(financingProviderSchema).check(
  z.maxLength(10, 'At most 10 providers'),
  z.refine(
    (list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length,
    'Each provider needs a different name',
  ),
);

/** What a customer is told of a provider: its name and terms, never its address. */
export const financingOfferSchema = z.object({ name: z.string(), termMonths: z.array(z.number()) });

export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'retired', 'other'] as const;

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max));

const phone = z.string().check(z.trim(), z.regex(/^\d{10}$/, 'Phone number must be 10 digits'));
const dateOfBirth = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth'));
const address = requiredText(300, 'Address is required');
const employmentStatus = z.enum(EMPLOYMENT_STATUSES, { error: 'Choose an employment status' });
/** Yearly income before tax, in cents. */
const annualIncome = z
  .number({ error: 'Annual income is required' })
  .check(z.int(), z.minimum(0), z.maximum(MAX_FINANCING_AMOUNT));
/** A field a draft may leave empty ('' or null): absent then, checked when given. */
const unlessEmpty = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.union([z.literal(''), z.null(), schema]));

/**
 * The applicant as the server accepts a submission (decision 270): who they are and how to reach them
 * (first and last name, e-mail) at least; the other details are checked when given.
 */
export const financingApplicantSchema = z.object({
  firstName: requiredText(100, 'First name is required'),
  lastName: requiredText(100, 'Last name is required'),
  email: z.pipe(
    z.string({ error: 'Please enter a valid email address' }).check(z.trim(), z.toLowerCase()),
    z.email({ pattern: z.regexes.html5Email, error: 'Please enter a valid email address' }),
  ),
  phone: unlessEmpty(phone),
  dateOfBirth: unlessEmpty(dateOfBirth),
  address: unlessEmpty(address),
  employmentStatus: unlessEmpty(employmentStatus),
  annualIncome: unlessEmpty(annualIncome),
});
/** The applicant as the portal's form asks for it: every detail a provider decides on. */
export const financingPortalApplicantSchema = z.object({
  ...financingApplicantSchema.def.shape,
  phone,
  dateOfBirth,
  address,
  employmentStatus,
  annualIncome,
});
export type FinancingApplicant = z.infer<typeof financingApplicantSchema>;

/** A draft's applicant: any subset of the fields, each checked only for its length. */
export const financingDraftApplicantSchema = z.object({
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  lastName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  email: z.optional(z.string().check(z.trim(), z.maxLength(320))),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(20))),
  dateOfBirth: z.optional(z.string().check(z.trim(), z.maxLength(10))),
  address: z.optional(z.string().check(z.trim(), z.maxLength(300))),
  employmentStatus: z.optional(z.union([z.literal(''), z.enum(EMPLOYMENT_STATUSES)])),
  annualIncome: z.optional(
    z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_FINANCING_AMOUNT))),
  ),
});
export type FinancingDraftApplicant = z.infer<typeof financingDraftApplicantSchema>;

const amount = z.number().check(z.int(), z.minimum(1, 'Enter the amount'), z.maximum(MAX_FINANCING_AMOUNT));
const documentIds = z
  .array(z.string().check(z.minLength(1), z.maxLength(100)))
  .check(z.maxLength(MAX_FINANCING_DOCUMENTS, `At most ${MAX_FINANCING_DOCUMENTS} documents`));

/** PUT …/financing-application: the draft as the customer has it so far; every field may be missing. */
export const financingDraftSchema = z.object({
  provider: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  termMonths: z.optional(z.nullable(termMonths)),
  amount: z.optional(z.nullable(amount)),
  applicant: z.optional(financingDraftApplicantSchema),
  documentIds: z.optional(documentIds),
  /** The customer agrees that the application and its documents go to the chosen provider. */
  consent: z.optional(z.boolean()),
});
export type FinancingDraft = z.infer<typeof financingDraftSchema>;

/**
 * What submitting requires of the saved draft on the server: the provider, term and amount, and the
 * applicant's name and e-mail. Submitting is the customer's own act; `consent` records what the
 * portal asked them to agree to.
 */
export const financingSubmissionSchema = z.object({
  provider: requiredText(100, 'Choose a provider'),
  termMonths: z.number({ error: 'Choose a term' }).check(z.int(), z.minimum(1), z.maximum(MAX_TERM_MONTHS)),
  amount,
  applicant: financingApplicantSchema,
  documentIds,
  consent: z.optional(z.boolean()),
});
/**
 * The portal's form, built from the server's rule: every applicant detail, and the consent ticked
 * before the application goes to a provider.
 */
export const financingPortalSchema = z.object({
  ...financingSubmissionSchema.def.shape,
  applicant: financingPortalApplicantSchema,
  consent: z.literal(true, { error: 'Agree to share the application with the provider' }),
});
export type FinancingSubmission = z.infer<typeof financingSubmissionSchema>;

/** An application as its customer and permitted staff see it. */
export const financingApplicationSchema = z.object({
  id: z.number(),
  orderItemId: z.number(),
  orderId: z.number(),
  itemNumber: z.number(),
  state: z.enum(FINANCING_STATES),
  provider: z.nullable(z.string()),
  termMonths: z.nullable(z.number()),
  amount: z.nullable(z.number()),
  applicant: financingDraftApplicantSchema,
  documentIds: z.array(z.string()),
  documents: z.array(uploadSchema),
  consent: z.boolean(),
  submittedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type FinancingApplication = z.infer<typeof financingApplicationSchema>;

/**
 * GET /api/order-items/:id/financing: whether financing is offered for this unit now, with which
 * providers and terms, and the state of its application if there is one.
 */
export const unitFinancingSchema = z.object({
  offered: z.boolean(),
  providers: z.array(financingOfferSchema),
  application: z.nullable(
    z.object({
      state: z.enum(FINANCING_STATES),
      provider: z.nullable(z.string()),
      termMonths: z.nullable(z.number()),
      amount: z.nullable(z.number()),
      decidedAt: z.nullable(z.string()),
    }),
  ),
});
export type UnitFinancing = z.infer<typeof unitFinancingSchema>;

export const financingListQuerySchema = z.object({
  status: z.optional(z.enum(FINANCING_STATES)),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});
export type FinancingListQuery = z.infer<typeof financingListQuerySchema>;

/** A row of the staff list: no applicant details beyond the customer's name and e-mail. */
export const financingListItemSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNumber: z.string(),
  orderItemId: z.number(),
  itemNumber: z.number(),
  customer: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  state: z.enum(FINANCING_STATES),
  provider: z.nullable(z.string()),
  termMonths: z.nullable(z.number()),
  amount: z.nullable(z.number()),
  submittedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type FinancingListItem = z.infer<typeof financingListItemSchema>;

export const financingListSchema = z.object({ items: z.array(financingListItemSchema), total: z.number() });

/** GET /api/admin/orders/:id/financing-applications: the order's applications in full. */
export const orderFinancingSchema = z.object({ items: z.array(financingApplicationSchema) });

/** POST /api/admin/financing/signing-secret: a new secret, shown this once. */
export const financingSecretSchema = z.object({ secret: z.string() });
