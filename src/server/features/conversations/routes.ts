import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { conversationRoutes as routes } from '../../../shared/routes/conversations.js';
import { PREVIEWABLE_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../../../shared/schemas/conversations.js';
import { drainRequest } from '../../http/drain-request.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, requireUser, staffUser } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { conversationsErrors } from './errors.js';
import type { ConversationServices } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const uploadFailures = { ...failures, 413: errorBody, 415: errorBody };
const LIMIT_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
const fileTooLarge = () =>
  conversationsErrors.FILE_TOO_LARGE(`The file is larger than ${LIMIT_MB} MB (the limit)`);
const notMultipart = () =>
  conversationsErrors.NOT_MULTIPART('Send the file as multipart/form-data in the field "file"');

/**
 * Files, order conversations and unit documents. Customer routes answer only for the caller's own
 * orders (another's answers 404, a staff account 404 too: staff use the admin routes); staff routes
 * check the role's permission (decision 161). Paths and shapes: src/shared/routes/conversations.ts.
 */
export const conversationRoutes: FastifyPluginAsync<{ conversations: ConversationServices }> = async (
  app,
  { conversations: { uploads, messages, documents, readers } },
) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 },
  });

  registerRoute(app, routes.upload, {
    summary: 'Upload one file (multipart: file, and orderId to put it on that order at once)',
    failures: uploadFailures,
    handler: async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw notMultipart();
      let orderId: number | undefined;
      let file: { name: string; bytes: Buffer } | undefined;
      let stream: Readable | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'orderId') orderId = Number(part.value);
            continue;
          }
          if (part.fieldname !== 'file')
            throw conversationsErrors.UNEXPECTED_FILE_FIELD(
              `Unexpected file field '${part.fieldname}': send it as "file"`,
            );
          stream = part.file;
          file = { name: part.filename, bytes: await part.toBuffer() };
        }
      } catch (error) {
        await drainRequest(request, stream, UPLOAD_MAX_BYTES);
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        if (code === 'FST_FILES_LIMIT')
          throw conversationsErrors.ONE_FILE_AT_A_TIME('Send one file at a time');
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw conversationsErrors.TOO_MANY_FORM_FIELDS('Too many form fields');
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw notMultipart();
        throw error;
      }
      if (orderId !== undefined && (!Number.isInteger(orderId) || orderId <= 0)) {
        throw conversationsErrors.ORDER_NOT_YOURS('orderId must be the id of one of your orders', {
          fields: { orderId: 'Invalid' },
        });
      }
      if (!file)
        throw conversationsErrors.FILE_REQUIRED('File required: send it in the field "file"', {
          fields: { file: 'File required' },
        });
      return uploads.store(user, { orderId, fileName: file.name, bytes: file.bytes });
    },
  });

  registerRoute(app, routes.download, {
    summary: 'Download a file (?inline=1 shows a JPEG, PNG or WebP image in the page)',
    failures,
    handler: async (request, reply) => {
      const file = await uploads.read(requireUser(request), request.params.id);
      // Only images a browser draws (never PDF, never anything that could run) may be shown inline.
      const inline = request.query.inline === '1' && PREVIEWABLE_CONTENT_TYPES.includes(file.contentType);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=3600')
        .header(
          'Content-Disposition',
          `${inline ? 'inline' : 'attachment'}; filename="${asciiName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        );
      return reply.send(Buffer.from(file.data));
    },
  });

  // The customer's side answers only for the caller's own orders; staff use their own routes.
  const ownOrder = async (request: FastifyRequest, orderId: number) => {
    const user = requireUser(request);
    return { user, reader: await readers.of(user, orderId, 'customer') };
  };
  registerRoute(app, routes.customerMessages, {
    failures,
    handler: async (request) => {
      const { user, reader } = await ownOrder(request, request.params.id);
      return messages.list(reader, user);
    },
  });

  registerRoute(app, routes.postCustomerMessage, {
    failures,
    handler: async (request) => {
      const { user, reader } = await ownOrder(request, request.params.id);
      return messages.post(reader, user, request.body);
    },
  });

  registerRoute(app, routes.unread, {
    failures,
    handler: async (request) => messages.unreadForCustomer(requireUser(request).id),
  });

  registerRoute(app, routes.unitDocuments, {
    failures,
    handler: async (request) => documents.list(requireUser(request), request.params.id),
  });
};

/** The staff side: each route names its permission (decision 161). */
export const conversationStaffRoutes: FastifyPluginAsync<{ conversations: ConversationServices }> = async (
  app,
  { conversations: { messages, documents, readers } },
) => {
  guardStaffRoutes(app);
  const staffReader = (user: SessionUser, orderId: number) => readers.of(user, orderId, 'staff');

  registerRoute(app, routes.staffMessages, {
    config: { permission: 'orders.read' },
    failures,
    handler: async (request) => {
      const user = staffUser(request);
      return messages.list(await staffReader(user, request.params.id), user);
    },
  });

  registerRoute(app, routes.postStaffMessage, {
    config: { permission: 'orders.messages' },
    failures,
    handler: async (request) => {
      const user = staffUser(request);
      const reader = await staffReader(user, request.params.id);
      return messages.post(reader, user, request.body, auditActor(request));
    },
  });

  registerRoute(app, routes.list, {
    config: { permission: 'orders.read' },
    failures,
    handler: async (request) => messages.conversations(staffUser(request), request.query),
  });

  registerRoute(app, routes.addUnitDocument, {
    config: { permission: 'orders.status' },
    failures,
    handler: async (request) => {
      const user = staffUser(request);
      return documents.add(user, request.params.id, request.body, auditActor(request));
    },
  });
};

/** A header-safe fallback name; the full name travels in filename*. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}
