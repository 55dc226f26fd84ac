/** Rules every CSV the server writes follows. */

/** A cell starting with one of these runs as a formula (the fullwidth forms too, in East Asian locales). */
const FORMULA_START = /^[=+\-@\t\r\n＝＋－＠]/;
/**
 * Opened in a locale whose separator is `;` (or tab, or `|`), a cell holding `a;=1+1` splits into
 * `a` and a formula `=1+1`: a trigger after any such separator is escaped too.
 */
const SPLIT_FORMULA = /([,;|\t\r\n][ \t]*)([=+\-@＝＋－＠])/g;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage return as a formula (CSV
 * injection); a leading apostrophe makes it text, as OWASP recommends, and so does one in front of a
 * trigger that follows a separator of any locale. The export applies the same rule in SQL
 * (`escapedCell` in features/admin-orders/export.ts); this is the rule for text the server writes itself.
 */
export function escapeFormula(value: string): string {
  const inner = value.replace(SPLIT_FORMULA, "$1'$2");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/**
 * `attachment; filename="…"` with an ASCII fallback and the exact name as RFC 5987 `filename*`, so an
 * order id with quotes or non-ASCII characters can neither break the header nor lose its name.
 */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
