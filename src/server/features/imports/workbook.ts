import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_ROWS } from '../../../shared/schemas/imports.js';
import { PROJECT_ROOT } from '../../lib/project-root.js';
import { importsErrors } from './errors.js';
import { WORKBOOK_MAX_CELL_CHARS, type WorkbookAnswer, type WorkbookJob } from './workbook-worker.js';

/** What one workbook's parse may use: heap, and time before the worker is stopped. */
export const WORKBOOK_MEMORY_LIMIT_MB = 512;
export const WORKBOOK_TIME_LIMIT_MS = 30_000;

/**
 * The worker's file: in the built server its own bundle (scripts/build-steps.mjs); under the test runner
 * the .ts source beside this one, which a small bootstrap loads through tsx's loader (Node does not
 * apply `--import` hooks to a worker's entry file).
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_ENTRY: string = fromSource
  ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./workbook-worker.ts', import.meta.url).href)}); })`
  : join(PROJECT_ROOT, 'dist/server/features/imports/workbook-worker.js');

export interface WorkbookErrors {
  unreadable(kind: string): Error;
  tooManyRows(): Error;
  tooLarge(message: string): Error;
}

/**
 * The first sheet's rows of a workbook, parsed in a worker thread with a heap and a time limit: the
 * server keeps answering while it runs, and a workbook that needs more is refused (413).
 */
export function readWorkbook(
  buffer: Buffer,
  kind: 'xlsx' | 'xls',
  errors: WorkbookErrors,
  limits = { memoryMb: WORKBOOK_MEMORY_LIMIT_MB, timeMs: WORKBOOK_TIME_LIMIT_MS },
): Promise<{ row: number; cells: string[] }[]> {
  const job: WorkbookJob = { bytes: new Uint8Array(buffer), kind, maxRows: IMPORT_MAX_ROWS };
  const tooBig = () =>
    errors.tooLarge(
      `The workbook needs more than ${limits.memoryMb} MB or ${limits.timeMs / 1000} s to read: save it as CSV, or split it`,
    );
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_ENTRY, {
      eval: fromSource,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64 },
    });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(tooBig())), limits.timeMs);
    worker.once('message', (answer: WorkbookAnswer) =>
      finish(() => {
        if (answer.ok) resolve(answer.rows);
        else if (answer.problem === 'no-sheet')
          reject(
            importsErrors.WORKBOOK_HAS_NO_SHEET('The workbook has no sheet', {
              fields: { file: 'no sheet' },
            }),
          );
        else if (answer.problem === 'too-many-rows') reject(errors.tooManyRows());
        else if (answer.problem === 'long-cell') {
          const message = `Row ${answer.row} has a cell longer than ${WORKBOOK_MAX_CELL_CHARS.toLocaleString('en-US')} characters, which no order field takes`;
          reject(importsErrors.FILE_UNREADABLE(message, { fields: { file: message } }));
        } else reject(errors.unreadable(kind));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : errors.unreadable(kind))),
    );
    worker.once('exit', () => finish(() => reject(tooBig())));
  });
}
