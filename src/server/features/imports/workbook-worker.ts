/**
 * Reads an XLSX or XLS workbook in a worker thread (see workbook.ts), so that a workbook which is
 * slow or huge to parse never stalls the server's event loop. SheetJS reads cached cell values only:
 * formulas are never evaluated (nor even parsed), so a formula cell imports as the value the
 * spreadsheet last showed. Date cells become ISO dates; numbers their plain text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

export interface WorkbookJob {
  bytes: Uint8Array;
  kind: 'xlsx' | 'xls';
  maxRows: number;
}

/**
 * No order field comes near this; a longer cell is refused rather than carried back to the server's
 * thread, where copying tens of megabytes of text would stall it as the parse would have.
 */
export const WORKBOOK_MAX_CELL_CHARS = 2_000;

export type WorkbookAnswer =
  | { ok: true; rows: { row: number; cells: string[] }[] }
  | { ok: false; problem: 'unreadable' | 'no-sheet' | 'too-many-rows' }
  | { ok: false; problem: 'long-cell'; row: number };

function read({ bytes, kind: _kind, maxRows }: WorkbookJob): WorkbookAnswer {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: true,
      bookVBA: false,
      // The header, the row limit, and room for a few blank rows; more means the file is too long.
      sheetRows: maxRows + 101,
    });
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return { ok: false, problem: 'no-sheet' };
  const full = sheet['!fullref'] ?? sheet['!ref'];
  const shown = sheet['!ref'];
  if (full && shown && XLSX.utils.decode_range(full).e.r > XLSX.utils.decode_range(shown).e.r) {
    return { ok: false, problem: 'too-many-rows' };
  }
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: { row: number; cells: string[] }[] = [];
  for (let r = 0; r < data.length; r += 1) {
    const cells = data[r];
    if (!cells) continue;
    const texts = Array.from(cells, cellText);
    if (texts.some((text) => text.length > WORKBOOK_MAX_CELL_CHARS))
      return { ok: false, problem: 'long-cell', row: r + 1 };
    rows.push({ row: r + 1, cells: texts });
  }
  return { ok: true, rows };
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v);
    case 'n': {
      const value = cell.v as number;
      if (cell.z && XLSX.SSF.is_date(cell.z)) return serialDateText(value);
      return String(value);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v);
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return '';
  }
}

/** A spreadsheet date serial, read without any time zone: the date alone, or the date and time as UTC. */
function serialDateText(serial: number): string {
  const parts = XLSX.SSF.parse_date_code(serial);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const date = `${pad(parts.y, 4)}-${pad(parts.m)}-${pad(parts.d)}`;
  if (parts.H === 0 && parts.M === 0 && parts.S === 0) return date;
  return `${date}T${pad(parts.H)}:${pad(parts.M)}:${pad(Math.floor(parts.S))}Z`;
}

if (parentPort && workerData) parentPort.postMessage(read(workerData as WorkbookJob));
