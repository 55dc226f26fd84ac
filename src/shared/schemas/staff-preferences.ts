/**
 * A staff member's own choices for the back office, kept on the server so they follow the person to
 * any browser: the orders list's rows per page and their saved views of it. zod/mini (decision 14).
 */
import * as z from 'zod/mini';

/** The rows per page the orders list offers; 50 until the staff member picks another (decision 280). */
export const ORDERS_PAGE_SIZES = [10, 25, 50, 100] as const;
export type OrdersPageSize = (typeof ORDERS_PAGE_SIZES)[number];
export const DEFAULT_ORDERS_PAGE_SIZE: OrdersPageSize = 50;

const pageSizeSchema = z.literal(ORDERS_PAGE_SIZES);

/** GET /api/admin/preferences: every field answered, a default where nothing was chosen. */
export const staffPreferencesSchema = z.object({ ordersPageSize: pageSizeSchema });
export type StaffPreferences = z.infer<typeof staffPreferencesSchema>;

/** PATCH /api/admin/preferences: the fields to change. */
export const staffPreferencesPatchSchema = z.object({ ordersPageSize: z.optional(pageSizeSchema) });
export type StaffPreferencesPatch = z.infer<typeof staffPreferencesPatchSchema>;

export const VIEW_NAME_MAX_LENGTH = 60;
/** A row of tabs longer than this is no quicker than the filters. */
export const SAVED_VIEWS_MAX = 30;
/** The list's address is short; this bounds what one view may store. */
export const VIEW_PARAMS_MAX_LENGTH = 2000;

/** One saved view: a name and the orders list's address without the page (`status=PRODUCTION&q=cabin`). */
export const savedViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  params: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

const viewName = z
  .string()
  .check(z.trim(), z.minLength(1, 'Give the view a name'), z.maxLength(VIEW_NAME_MAX_LENGTH));

/** POST /api/admin/saved-views. */
export const newSavedViewSchema = z.object({
  name: viewName,
  params: z.string().check(z.maxLength(VIEW_PARAMS_MAX_LENGTH)),
});
export type NewSavedView = z.infer<typeof newSavedViewSchema>;

/** PATCH /api/admin/saved-views/:id: a new name. */
export const savedViewPatchSchema = z.object({ name: viewName });
