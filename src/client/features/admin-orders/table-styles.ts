/** Class names and sizes the orders table's rows and the order cards share. */

export const COLUMN_COUNT = 8;

/** Rows an operator scans by the hundred: little vertical padding. */
export const COMPACT = 'py-1.5';

/**
 * The Actions column stays in view at the table's right edge when the table scrolls sideways (phones,
 * long names); it keeps the row's selected colour.
 */
export const STICKY_ACTIONS =
  'sticky right-0 bg-card shadow-[inset_1px_0_0_var(--color-border)] group-data-[state=selected]:bg-muted';

/** A visible ring on keyboard focus in both themes: the native outline is faint on a dark table. */
export const ROW_CHECKBOX =
  'block size-4 cursor-pointer rounded-sm accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
