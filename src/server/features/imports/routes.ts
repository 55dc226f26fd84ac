import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { importRoutes as routes } from '../../../shared/routes/imports.js';
import {
  IMPORT_FLAGS,
  IMPORT_MAX_FILE_BYTES,
  type ImportFlag,
  type ImportOptions,
  type ImportResult,
  importResultSchema,
} from '../../../shared/schemas/imports.js';
import { drainRequest } from '../../http/drain-request.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, staffUser } from '../../http/session.js';
import { type AuditActor, auditActor } from '../audit/index.js';
import { importsErrors } from './errors.js';
import type { ImportService } from './service.js';
import {
  checkKind,
  csvRows,
  type FileKind,
  kindFromName,
  peek,
  type SourceRow,
  spreadsheetRows,
  tooLarge,
} from './sources.js';

const LIMIT_MB = IMPORT_MAX_FILE_BYTES / (1024 * 1024);
/** How long a refused import is asked to wait: a typical import of the Import Data page's files. */
const BUSY_RETRY_SECONDS = 30;

const fileTooLarge = () => tooLarge(`The file is larger than ${LIMIT_MB} MB (the limit)`);

/** POST /api/admin/import: the Import Data page's upload. Path and answer: src/shared/routes/imports.ts. */
export const importRoutes: FastifyPluginAsync<{ imports: ImportService }> = async (app, { imports }) => {
  guardStaffRoutes(app);
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 100, parts: 12 },
  });

  // An import holds a database transaction, a worker and up to its file's size in memory: one at a
  // time per member of staff on this instance, so parallel uploads cannot pile those up.
  const importing = new Set<number>();

  registerRoute(app, routes.run, {
    config: { permission: 'orders.import' },
    // A refused import answers 400 with its rows at fault (importResultSchema), other refusals the error body.
    failures: { 400: z.union([importResultSchema, errorBody]) },
    handler: async (request) => {
      const admin = auditActor(request);
      const staffId = staffUser(request).id;
      if (importing.has(staffId)) {
        throw importsErrors.IMPORT_BUSY(
          'An import of yours is still running: try again when it has finished',
          {
            retryAfterSeconds: BUSY_RETRY_SECONDS,
          },
        );
      }
      importing.add(staffId);
      try {
        return await receiveImport(request, admin);
      } finally {
        importing.delete(staffId);
      }
    },
  });

  async function receiveImport(request: FastifyRequest, admin: AuditActor): Promise<ImportResult> {
    if (!request.isMultipart()) {
      throw importsErrors.NOT_MULTIPART('Send the file as multipart/form-data in the field "file"');
    }
    const flags: Partial<ImportOptions> = {};
    let outcome: ImportResult | undefined;
    let upload: Readable | undefined;
    let spool: { dir: string; path: string; kind: FileKind } | undefined;
    const options = (): ImportOptions => ({
      updateExisting: flags.updateExisting ?? false,
      sendNotification: flags.sendNotification ?? false,
      dryRun: flags.dryRun ?? false,
      validRowsOnly: flags.validRowsOnly ?? false,
    });
    const runImport = (bytes: AsyncIterable<Buffer>, kind: FileKind) =>
      imports.run(fileRows(bytes, kind), options(), admin);

    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if ((IMPORT_FLAGS as readonly string[]).includes(part.fieldname)) {
            flags[part.fieldname as ImportFlag] = flag(part.fieldname, part.value);
          }
          continue;
        }
        if (part.fieldname !== 'file')
          throw importsErrors.UNEXPECTED_FILE_FIELD(
            `Unexpected file field '${part.fieldname}': send it as "file"`,
          );
        upload = part.file;
        const kind = kindFromName(part.filename);
        const bytes = limited(part.file);
        if (IMPORT_FLAGS.every((name) => name in flags)) {
          // The usual order (the page sends the options first): the file streams straight into the import.
          outcome = await runImport(bytes, kind);
        } else {
          // Options may still follow the file: keep it on disk, not in memory, until the form ends.
          const dir = await mkdtemp(join(tmpdir(), 'orderflow-import-'));
          spool = { dir, path: join(dir, 'upload'), kind };
          await pipeline(bytes, createWriteStream(spool.path));
        }
      }
      if (spool) outcome = await runImport(limited(createReadStream(spool.path)), spool.kind);
      if (!outcome) {
        throw importsErrors.FILE_REQUIRED('File required: Please select a CSV or Excel file to import', {
          fields: { file: 'File required' },
        });
      }
    } catch (error) {
      await drainRequest(request, upload, IMPORT_MAX_FILE_BYTES);
      throw mapUploadError(error);
    } finally {
      if (spool) await rm(spool.dir, { recursive: true, force: true });
    }
    return outcome;
  }
};

function flag(name: string, value: unknown): boolean {
  const text = String(value).trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false' || text === '') return false;
  throw importsErrors.INVALID_FLAG(`${name} must be true or false`, {
    fields: { [name]: 'must be true or false' },
  });
}

/** The upload's bytes; a file cut at the size limit fails instead of importing its first 20 MB. */
async function* limited(stream: Readable): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    if ((stream as Readable & { truncated?: boolean }).truncated) throw fileTooLarge();
    yield chunk as Buffer;
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw fileTooLarge();
}

/** The rows of the file, after checking that its content is what its name says. */
async function* fileRows(bytes: AsyncIterable<Buffer>, kind: FileKind): AsyncGenerator<SourceRow> {
  const { head, body } = await peek(bytes, 8);
  if (head.length === 0)
    throw importsErrors.FILE_EMPTY('The file is empty: it needs a header row and at least one order');
  checkKind(kind, head);
  if (kind === 'csv') {
    yield* csvRows(body);
    return;
  }
  // A workbook is read whole (the zip directory is at its end); the size limit bounds it.
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  yield* spreadsheetRows(Buffer.concat(chunks), kind);
}

function mapUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT') return importsErrors.ONE_FILE_AT_A_TIME('Send one file at a time');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return importsErrors.TOO_MANY_FORM_FIELDS('Too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return importsErrors.NOT_MULTIPART('Send the file as multipart/form-data in the field "file"');
  }
  return error;
}
