/**
 * Files, order conversations and unit documents: the customer's routes (own orders only) and the
 * staff's. The upload is multipart (no body schema) and the download answers the file's bytes.
 */
import * as z from 'zod/mini';
import { idParams } from '../schemas/common.js';
import {
  conversationsPageSchema,
  conversationsQuerySchema,
  fileDownloadQuerySchema,
  messageSchema,
  newMessageSchema,
  newUnitDocumentSchema,
  unitDocumentSchema,
  unreadSummarySchema,
  uploadParams,
  uploadSchema,
} from '../schemas/conversations.js';
import { defineRoute } from './define-route.js';

export const conversationRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/uploads',
    responses: { 201: uploadSchema },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/uploads/:id',
    params: uploadParams,
    query: fileDownloadQuerySchema,
    responses: { 200: z.any() },
  }),
  customerMessages: defineRoute({
    method: 'GET',
    path: '/api/orders/:id/messages',
    params: idParams,
    responses: { 200: z.array(messageSchema) },
  }),
  postCustomerMessage: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/messages',
    params: idParams,
    body: newMessageSchema,
    responses: { 201: messageSchema },
  }),
  unread: defineRoute({
    method: 'GET',
    path: '/api/conversations/unread',
    responses: { 200: unreadSummarySchema },
  }),
  unitDocuments: defineRoute({
    method: 'GET',
    path: '/api/order-items/:id/documents',
    params: idParams,
    responses: { 200: z.array(unitDocumentSchema) },
  }),
  staffMessages: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id/messages',
    params: idParams,
    responses: { 200: z.array(messageSchema) },
  }),
  postStaffMessage: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/messages',
    params: idParams,
    body: newMessageSchema,
    responses: { 201: messageSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/conversations',
    query: conversationsQuerySchema,
    responses: { 200: conversationsPageSchema },
  }),
  addUnitDocument: defineRoute({
    method: 'POST',
    path: '/api/admin/order-items/:id/documents',
    params: idParams,
    body: newUnitDocumentSchema,
    responses: { 201: unitDocumentSchema },
  }),
};
