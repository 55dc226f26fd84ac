/**
 * Staff create one order (decision 268): the fields of the orders webhook, for an order taken by phone
 * or in person. The customer is confirmed by mail as Settings → Notifications confirmAdminOrders says.
 */
import * as z from 'zod/mini';
import { createOrderPayload } from '../schemas/webhook-payloads.js';
import { defineRoute } from './define-route.js';

const createdOrderSchema = z.object({
  message: z.string(),
  order: z.object({
    id: z.number(),
    orderId: z.string(),
    status: z.string(),
    userId: z.nullable(z.number()),
    quantity: z.number(),
  }),
});

export const orderEntryRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/orders',
    body: createOrderPayload,
    responses: { 201: createdOrderSchema },
  }),
};
