import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import yauzl from 'yauzl';
import { IMPORT_MAX_ROWS } from '../../../shared/schemas/imports.js';
import { importsErrors } from './errors.js';
import { readWorkbook } from './workbook.js';

/** One row of the file, as text, with its spreadsheet row number (the first line is row 1). */
export interface SourceRow {
  row: number;
  cells: string[];
}

export type FileKind = 'csv' | 'xlsx' | 'xls';

/** A CSV record longer than this is refused (a cell cannot hold a whole file). */
const MAX_CSV_RECORD_CHARS = 64 * 1024;
/** XLSX: what the zip may expand to, and by how much it may expand; checked before SheetJS reads it. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
export const XLSX_MAX_RATIO = 200;
const XLSX_MAX_ENTRIES = 5_000;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const KIND_NAMES: Record<FileKind, string> = {
  csv: 'a CSV text file',
  xlsx: 'an Excel workbook (.xlsx)',
  xls: 'an Excel 97-2003 workbook (.xls)',
};

const unsupported = (message: string) => importsErrors.FILE_TYPE_NOT_SUPPORTED(message);
export const tooLarge = (message: string) => importsErrors.FILE_TOO_LARGE(message);

/** The kind the name promises: .csv, .xlsx or .xls (any case); anything else is refused. */
export function kindFromName(filename: string): FileKind {
  const match = /\.(csv|xlsx|xls)$/i.exec(filename.trim());
  if (!match?.[1]) {
    throw unsupported(`Only .csv, .xlsx and .xls files can be imported (got '${filename || 'no name'}')`);
  }
  return match[1].toLowerCase() as FileKind;
}

/**
 * What the first bytes say the file is: the zip and OLE2 signatures, or text (no NUL byte in the
 * first bytes). The name's kind must agree with it.
 */
export function sniffKind(head: Buffer): FileKind | 'binary' {
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) return 'xlsx';
  if (head.subarray(0, 8).equals(OLE2_SIGNATURE)) return 'xls';
  return head.includes(0) ? 'binary' : 'csv';
}

export function checkKind(named: FileKind, head: Buffer) {
  const sniffed = sniffKind(head);
  if (sniffed !== named) {
    throw unsupported(
      `The file is named .${named} but its content is not ${KIND_NAMES[named]}${sniffed === 'binary' ? '' : ` (it looks like ${KIND_NAMES[sniffed]})`}`,
    );
  }
}

/** Reads at least `bytes` bytes (fewer at the end of the stream); the rest follows in `body`. */
export async function peek(
  stream: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; body: AsyncIterable<Buffer> }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* body() {
    if (head.length > 0) yield head;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, body: body() };
}

/**
 * Streams a CSV file's rows: UTF-8 (a BOM is dropped; invalid UTF-8 or a NUL byte refuses the file),
 * CRLF or LF, quoted cells with commas, quotes and newlines. Nothing but the current chunk and record
 * is held in memory.
 */
export async function* csvRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SourceRow> {
  async function* text() {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      for await (const chunk of bytes) {
        if (chunk.includes(0)) throw unsupported('The CSV file contains binary data (a NUL byte)');
        yield decoder.decode(chunk, { stream: true });
      }
      yield decoder.decode();
    } catch (error) {
      if (error instanceof TypeError) {
        throw unsupported('The CSV file is not UTF-8 text: save it as "CSV UTF-8" and try again');
      }
      throw error;
    }
  }
  const source = Readable.from(text());
  const parser = parse({
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_RECORD_CHARS,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, cells: record };
    }
  } catch (error) {
    if (isCsvError(error)) {
      const line = (error as CsvError & { lines?: number }).lines ?? row;
      throw importsErrors.FILE_UNREADABLE(
        `The CSV file could not be read at line ${line}: ${csvProblem(error)}`,
        {
          fields: {
            file: 'unreadable CSV',
          },
        },
      );
    }
    throw error;
  } finally {
    source.destroy();
  }
}

function isCsvError(error: unknown): error is CsvError {
  return error instanceof CsvError;
}

function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return `a row is longer than ${MAX_CSV_RECORD_CHARS / 1024} KB`;
    default:
      return error.message;
  }
}

/**
 * XLSX: a zip whose central directory lists the workbook parts, whose entries expand to at most
 * XLSX_MAX_UNCOMPRESSED_BYTES and XLSX_MAX_RATIO times the file — checked from the directory before
 * anything is inflated (a zip bomb is refused at once), then by inflating each entry with yauzl,
 * which stops an entry that grows past its declared size (a lying directory).
 */
export async function checkXlsxZip(buffer: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error || !file ? reject(unsupported('The .xlsx file is not a readable zip archive')) : resolve(file),
    );
  });
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > XLSX_MAX_ENTRIES) {
        zip.close();
        reject(
          importsErrors.FILE_UNREADABLE(`The .xlsx file has more than ${XLSX_MAX_ENTRIES} parts`, {
            fields: { file: 'too many parts' },
          }),
        );
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(unsupported('The .xlsx file is not a readable zip archive')));
    zip.readEntry();
  });
  const names = new Set(entries.map((entry) => entry.fileName));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw unsupported('The .xlsx file is a zip archive but not an Excel workbook (no xl/workbook.xml)');
  }
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  const limitMb = XLSX_MAX_UNCOMPRESSED_BYTES / (1024 * 1024);
  if (declared > XLSX_MAX_UNCOMPRESSED_BYTES || declared > XLSX_MAX_RATIO * Math.max(buffer.length, 1)) {
    throw tooLarge(
      `The .xlsx file expands to ${Math.round(declared / (1024 * 1024))} MB: the limit is ${limitMb} MB and ${XLSX_MAX_RATIO} times the file's size`,
    );
  }
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) {
          reject(unsupported(`The .xlsx file's part ${entry.fileName} cannot be read`));
          return;
        }
        stream.on('error', () =>
          reject(unsupported(`The .xlsx file's part ${entry.fileName} is damaged or larger than it says`)),
        );
        stream.on('end', () => resolve());
        stream.resume();
      });
    });
  }
  zip.close();
}

/** The first sheet's rows of an XLSX or XLS workbook, read off the main thread (workbook.ts). */
export async function* spreadsheetRows(buffer: Buffer, kind: 'xlsx' | 'xls'): AsyncGenerator<SourceRow> {
  if (kind === 'xlsx') await checkXlsxZip(buffer);
  const rows = await readWorkbook(buffer, kind, {
    unreadable: (name) => unsupported(`The .${name} file could not be read as an Excel workbook`),
    tooManyRows,
    tooLarge,
  });
  yield* rows;
}

export function tooManyRows() {
  return tooLarge(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (the limit)`);
}
