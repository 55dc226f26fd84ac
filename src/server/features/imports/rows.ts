import { plural } from '../../../shared/plural.js';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_QUANTITY,
  type ImportColumn,
  type ImportRowError,
  REQUIRED_IMPORT_COLUMNS,
} from '../../../shared/schemas/imports.js';
import { parseStage, type Stage, stageOfLabel } from '../../../shared/stages.js';
import { importsErrors } from './errors.js';

/** One data row after checking: every value in its stored form; null where the cell was empty. */
export interface ImportRow {
  /** Spreadsheet row number: the header is row 1. */
  row: number;
  orderId: string;
  productName: string;
  /** Null when empty: 1 for a new order, unchanged for an update. */
  quantity: number | null;
  /** Null when empty: the import's time for a new order, unchanged for an update. */
  orderDate: Date | null;
  /** Null when empty: ORDER_PLACED for a new order, unchanged for an update. */
  status: Stage | null;
  /** Lower-cased; null for a guest order (an update keeps the current customer). */
  email: string | null;
  zipCode: string | null;
}

/** Where each column sits in the file's rows. */
export type ColumnMap = Partial<Record<ImportColumn, number>>;

const MAX_ORDER_ID = 64;
const MAX_PRODUCT_NAME = 200;
const MAX_EMAIL = 254;

const normalise = (header: string) => header.toLowerCase().replace(/[\s_\-.]+/g, '');
const BY_NORMALISED = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((c) => [normalise(c), c]));

/**
 * Reads the header row: 'Order ID', 'order_id', 'ORDERID' and 'order-id' all name orderId. Unknown
 * columns are ignored; a missing required column or a column named twice refuses the file.
 */
export function mapColumns(header: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  header.forEach((cell, index) => {
    const column = BY_NORMALISED.get(normalise(cell.replace(/^\uFEFF/, '')));
    if (!column) return;
    if (map[column] !== undefined) {
      throw importsErrors.DUPLICATE_COLUMN(`The column ${column} appears twice in the header row`, {
        fields: { file: 'duplicate column' },
      });
    }
    map[column] = index;
  });
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => map[column] === undefined);
  if (missing.length > 0) {
    const message = `The header row must name the ${missing.join(' and ')} ${plural(missing.length, 'column', 'columns')} (expected columns: ${IMPORT_COLUMNS.join(', ')})`;
    throw importsErrors.MISSING_COLUMNS(message, { fields: { file: message } });
  }
  return map;
}

export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/**
 * Checks one data row. Returns the row in stored form, or every problem found in it (one entry per
 * column at fault), so the admin can fix the whole row at once.
 */
export function checkRow(
  row: number,
  cells: readonly string[],
  columns: ColumnMap,
): { ok: ImportRow } | { errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const cell = (column: ImportColumn) => {
    const index = columns[column];
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    if (CONTROL.test(value)) {
      errors.push({ row, column, message: 'Contains control characters' });
      return '';
    }
    return value;
  };
  const fail = (column: ImportColumn, message: string) => {
    errors.push({ row, column, message });
  };

  const orderId = cell('orderId');
  if (!orderId) fail('orderId', 'orderId is required');
  else if (orderId.length > MAX_ORDER_ID)
    fail('orderId', `orderId is longer than ${MAX_ORDER_ID} characters`);

  const productName = cell('productName');
  if (!productName) fail('productName', 'productName is required');
  else if (productName.length > MAX_PRODUCT_NAME) {
    fail('productName', `productName is longer than ${MAX_PRODUCT_NAME} characters`);
  }

  let quantity: number | null = null;
  const quantityText = cell('quantity');
  if (quantityText) {
    const parsed = /^\d+(\.0+)?$/.test(quantityText) ? Number.parseInt(quantityText, 10) : Number.NaN;
    if (!Number.isInteger(parsed) || parsed < 1) {
      fail('quantity', `quantity must be a whole number of at least 1 (got '${clip(quantityText)}')`);
    } else if (parsed > IMPORT_MAX_QUANTITY) {
      fail('quantity', `quantity must be at most ${IMPORT_MAX_QUANTITY}`);
    } else quantity = parsed;
  }

  let orderDate: Date | null = null;
  const dateText = cell('orderDate');
  if (dateText) {
    orderDate = parseImportDate(dateText);
    if (!orderDate) {
      fail(
        'orderDate',
        `orderDate '${clip(dateText)}' is not a date (use 2025-03-14, 3/14/2025 or 03/14/25)`,
      );
    }
  }

  let status: Stage | null = null;
  const statusText = cell('status');
  if (statusText) {
    status = parseStage(statusText.replace(/[\s-]+/g, '_')) ?? stageOfLabel(statusText) ?? null;
    if (!status) fail('status', `status '${clip(statusText)}' is not a stage name or alias`);
  }

  let email: string | null = null;
  const emailText = cell('email');
  if (emailText) {
    if (emailText.length > MAX_EMAIL || !EMAIL.test(emailText)) {
      fail('email', `email '${clip(emailText)}' is not an e-mail address`);
    } else email = emailText.toLowerCase();
  }

  let zipCode: string | null = null;
  // Spreadsheets drop a ZIP code's leading zeros (02134 becomes 2134): three or four digits get them back.
  const rawZip = cell('zipCode');
  const zipText = /^\d{3,4}$/.test(rawZip) ? rawZip.padStart(5, '0') : rawZip;
  if (zipText) {
    if (!ZIP.test(zipText))
      fail('zipCode', `zipCode '${clip(zipText)}' is not a ZIP code (5 digits or ZIP+4)`);
    else zipCode = zipText;
  }

  if (errors.length > 0) return { errors };
  return { ok: { row, orderId, productName, quantity, orderDate, status, email, zipCode } };
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AaPp][Mm]))?)?$/;

/**
 * ISO dates (2025-03-14, 2025-03-14T09:30:00Z, with an offset or none) and the common US forms
 * (3/14/2025, 03/14/25, with an optional time and AM/PM). A two-digit year is 20YY. A date without a
 * time is taken as noon UTC, so it shows as the same calendar day in every American time zone (and
 * in Europe); a time without a zone is UTC. Impossible dates (2/30) are refused.
 */
export function parseImportDate(text: string): Date | null {
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, frac, zone] = iso;
    return build(+(y ?? 0), +(mo ?? 0), +(d ?? 0), h, mi, s, frac, zone);
  }
  const us = US.exec(text);
  if (us) {
    const [, mo, d, y, h, mi, s, ampm] = us;
    const year = (y ?? '').length === 2 ? 2000 + Number(y) : Number(y);
    let hour = h;
    if (h !== undefined && ampm) {
      const value = Number(h);
      if (value < 1 || value > 12) return null;
      hour = String((value % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0));
    }
    return build(year, Number(mo), Number(d), hour, mi, s, undefined, undefined);
  }
  return null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysInMonth = (year: number, month: number) =>
  month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);

function build(
  year: number,
  month: number,
  day: number,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
  fraction: string | undefined,
  zone: string | undefined,
): Date | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  if (hour === undefined) return new Date(Date.UTC(year, month - 1, day, 12));
  const h = Number(hour);
  const mi = Number(minute ?? 0);
  const s = Number(second ?? 0);
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  let time = Date.UTC(year, month - 1, day, h, mi, s, ms);
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    if (offset > 14 * 60) return null;
    time -= sign * offset * 60_000;
  }
  return new Date(time);
}
