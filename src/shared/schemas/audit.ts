/** The audit log: what staff did, when, from where (GET /api/admin/audit and its CSV export). */
import * as z from 'zod/mini';

/** Every action the log records; the Audit page offers them as its "what" filter. */
export const AUDIT_ACTIONS = [
  'staff.signed_in',
  'staff.sign_in_failed',
  'staff.sign_in_paused',
  'session.ended',
  'user.sessions_ended',
  'user.password_changed',
  'user.password_reset',
  'second_factor.added',
  'second_factor.removed',
  'second_factor.recovery_codes_replaced',
  'user.second_factor_removed',
  'order.status_changed',
  'orders.bulk_status_changed',
  'order.note_added',
  'order.message_posted',
  'order_item.document_added',
  'order.deleted',
  'orders.bulk_deleted',
  'orders.exported',
  'order.exported',
  'orders.imported',
  'order.tracking_link_replaced',
  'user.created',
  'user.invited',
  'user.invitation_accepted',
  'user.updated',
  'user.role_changed',
  'user.email_changed',
  'user.password_reset_sent',
  'user.deleted',
  'settings.updated',
  'api_key.created',
  'api_key.revoked',
  'service_area.added',
  'service_area.removed',
  'service_areas.revalidated',
  'delivery_slot.published',
  'delivery_slot.removed',
  'delivery_slots.published',
  'signing_secret.rotated',
  'outbound_webhook.retried',
  'webhook_event.replayed',
  'audit_log.exported',
  'bulk_job.status_changed',
  'bulk_job.deleted',
  'bulk_job.exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What stands in for a secret's value in `changes`: that it changed, never what it is. */
export const SECRET_CHANGED = '(changed)';

/** What stands in for a secret or personal value when the log is read (decision 291). */
export const VALUE_HIDDEN = '(hidden)';

/**
 * Keys whose values the log never shows, at any depth of `changes`: secrets (a writer that forgot to
 * mask one is masked when read) and the personal data docs/security.md names (phone numbers, postal
 * addresses, dates of birth, identity and bank numbers, incomes). E-mail addresses stay: they name the
 * staff and customers an entry is about.
 */
const HIDDEN_KEY =
  /(password|secret|token|apikey|api_key|signature|^key$|phone|address|street|dateofbirth|birth|ssn|taxid|national|bank|iban|income|salary)/i;

/** `changes` as it may be shown or exported: hidden keys replaced, "(changed)" kept as it says nothing. */
export function maskChanges(changes: Record<string, unknown>): Record<string, unknown> {
  const mask = (value: unknown, key: string): unknown => {
    if (HIDDEN_KEY.test(key) && value !== SECRET_CHANGED) return value == null ? value : VALUE_HIDDEN;
    if (Array.isArray(value)) return value.map((item) => mask(item, ''));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
    return value;
  };
  return mask(changes, '') as Record<string, unknown>;
}

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31'));

/** The filter of both the page and the export; `from` and `to` are whole UTC days, both included. */
export const auditFilterSchema = z.object({
  /** Part of the actor's e-mail, case-insensitive. */
  actor: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  from: z.optional(day),
  to: z.optional(day),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z.object({
  ...auditFilterSchema.def.shape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(AUDIT_MAX_PAGE_SIZE)),
    AUDIT_PAGE_SIZE,
  ),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  /** ISO timestamp. */
  at: z.string(),
  /** The e-mail as it was when the action was taken; the user may since be gone. */
  actor: z.object({
    id: z.number(),
    email: z.string(),
    /** The staff member's name today, if they have one and still exist (the e-mail otherwise). */
    name: z.optional(z.nullable(z.string())),
  }),
  action: z.string(),
  target: z.object({
    type: z.string(),
    id: z.nullable(z.string()),
    /**
     * What the target is called: an order's name ('VH1042'), a user's name or e-mail, a settings
     * category; kept from the entry for what is gone (a deleted order). Null when there is none.
     */
    name: z.optional(z.nullable(z.string())),
    /**
     * Where the back office shows the target, present only while it exists: an order's page (`id`, the
     * order's internal id), a customer searched by e-mail (`id`, the e-mail) or the staff list.
     */
    link: z.optional(z.object({ to: z.enum(['order', 'customer', 'staff']), id: z.string() })),
  }),
  changes: z.optional(z.record(z.string(), z.unknown())),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The Audit page's filter form: the fields as typed, an empty one meaning "any"; what it yields is
 * an AuditFilter (auditFilterFromForm) the server checks with auditFilterSchema.
 */
export const auditFilterFormSchema = z.object({
  actor: z.string().check(z.maxLength(254)),
  action: z.union([z.literal(''), z.enum(AUDIT_ACTIONS)]),
  from: z.union([z.literal(''), day]),
  to: z.union([z.literal(''), day]),
});
export type AuditFilterForm = z.infer<typeof auditFilterFormSchema>;

export function auditFilterFromForm(form: AuditFilterForm): AuditFilter {
  return {
    actor: form.actor.trim() || undefined,
    action: form.action || undefined,
    from: form.from || undefined,
    to: form.to || undefined,
  };
}
