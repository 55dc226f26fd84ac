import { eq } from 'drizzle-orm';
import {
  INDIVIDUAL_DEFAULTS,
  type OnboardingFormData,
  onboardingFormSchema,
} from '../../../shared/schemas/onboarding.js';
import { users } from '../../db/schema.js';
import { findUnit, lockCustomerOrder, type OrderChangeDeps, type OrderItem } from '../orders/index.js';
import { onboardingErrors } from './errors.js';

export interface OnboardingSubmission {
  formData: unknown;
  orderItemId: number;
  orderId: number;
  itemNumber?: number;
}

/** The same rules as the browser, with each message on its field name. */
export function parseOnboardingForm(formData: unknown): OnboardingFormData {
  const parsed = onboardingFormSchema.safeParse(formData);
  if (parsed.success) return withApplicationDefaults(parsed.data);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'formData'] ??= issue.message;
  const [first] = Object.entries(fields);
  throw onboardingErrors.ONBOARDING_INVALID(first ? `${first[0]}: ${first[1]}` : 'Invalid onboarding form', {
    fields: fields,
  });
}

/** An Individual application carries the fixed business defaults, whatever the browser sent. */
function withApplicationDefaults(form: OnboardingFormData): OnboardingFormData {
  if (form.applicationType !== 'Individual') return form;
  return {
    ...form,
    ...INDIVIDUAL_DEFAULTS,
    otherBusinessType: '',
    businessPhone: form.personalPhone,
    businessPhoneCountry: form.personalPhoneCountry,
  };
}

export function createOnboardingService({ db, clock, orders: writer }: OrderChangeDeps) {
  return {
    /**
     * Stores the form on the unit and moves it LOCATION_ENABLED → DOCUMENTS_PENDING, in one
     * transaction. The names and phone fill the customer's profile where it has none yet.
     */
    async submit(userId: number, submission: OnboardingSubmission): Promise<OrderItem> {
      const form = parseOnboardingForm(submission.formData);
      return db.transaction(async (tx) => {
        // The customer's own order, locked: two submissions for one unit queue up here.
        const order = await lockCustomerOrder(tx, userId, submission.orderId);
        if (!order) throw onboardingErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
        const item = await findUnit(tx, submission.orderItemId);
        const matches =
          item &&
          item.orderId === order.id &&
          (submission.itemNumber === undefined || submission.itemNumber === item.itemNumber);
        if (!matches) throw onboardingErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
        if (item.status !== 'LOCATION_ENABLED') {
          throw onboardingErrors.ONBOARDING_CLOSED(
            'Onboarding can only be submitted while the unit is at Location Enabled',
          );
        }

        const [account] = await tx.select().from(users).where(eq(users.id, userId));
        if (!account) throw onboardingErrors.USER_NOT_FOUND('User not found');
        const now = clock.now();
        await writer.changeStatus(
          tx,
          {
            orderId: order.id,
            itemNumbers: [item.itemNumber],
            to: 'DOCUMENTS_PENDING',
            rule: 'customer',
            actor: { kind: 'customer', userId },
            // The read-only e-mail field is the account's, not whatever the request carried.
            stageData: {
              onboardingData: { ...form, email: account.email },
              onboardingCompletedAt: now.toISOString(),
            },
          },
          now,
        );
        await tx
          .update(users)
          .set({
            firstName: account.firstName || form.firstName,
            lastName: account.lastName || form.lastName,
            phoneNumber: account.phoneNumber || form.personalPhone,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        await writer.setDetails(tx, order.id, {}, now);
        const updated = await findUnit(tx, item.id);
        if (!updated) throw onboardingErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
        return updated;
      });
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
