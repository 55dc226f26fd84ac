/**
 * The customer order routes (every one answers only with the caller's orders; staff read through them
 * too, decision 19): the orders, one order, its units and events, a unit's details, and the one status
 * change a customer may make (starting to sign).
 */
import * as z from 'zod/mini';
import { idParams } from '../schemas/common.js';
import {
  itemIdParams,
  itemStatusPatchSchema,
  orderEventSchema,
  orderItemDetailsSchema,
  orderItemSchema,
  orderSchema,
  signingDocumentCheckSchema,
} from '../schemas/orders.js';
import { defineRoute } from './define-route.js';

export const orderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/orders',
    responses: { 200: z.array(orderSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/orders/:id',
    params: idParams,
    responses: { 200: orderSchema },
  }),
  items: defineRoute({
    method: 'GET',
    path: '/api/orders/:id/items',
    params: idParams,
    responses: { 200: z.array(orderItemSchema) },
  }),
  events: defineRoute({
    method: 'GET',
    path: '/api/orders/:id/events',
    params: idParams,
    responses: { 200: z.array(orderEventSchema) },
  }),
  itemDetails: defineRoute({
    method: 'GET',
    path: '/api/order-items/:id/details',
    params: idParams,
    responses: { 200: orderItemDetailsSchema },
  }),
  signingDocument: defineRoute({
    method: 'GET',
    path: '/api/order-items/:id/signing-document',
    params: idParams,
    responses: { 200: signingDocumentCheckSchema },
  }),
  updateItemStatus: defineRoute({
    method: 'PATCH',
    path: '/api/order-items/:itemId/status',
    params: itemIdParams,
    body: itemStatusPatchSchema,
    responses: { 200: orderItemSchema },
  }),
};
