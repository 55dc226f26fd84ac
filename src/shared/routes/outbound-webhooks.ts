/** Outbound automation webhooks (admin only): the delivery log, retry, and the signing secret. */
import { idParams, messageSchema } from '../schemas/common.js';
import {
  outboundDeliveriesQuerySchema,
  outboundDeliveriesSchema,
  signingSecretSchema,
} from '../schemas/outbound-webhooks.js';
import { defineRoute } from './define-route.js';

export const automationRoutes = {
  listDeliveries: defineRoute({
    method: 'GET',
    path: '/api/admin/outbound-webhooks',
    query: outboundDeliveriesQuerySchema,
    responses: { 200: outboundDeliveriesSchema },
  }),
  retryDelivery: defineRoute({
    method: 'POST',
    path: '/api/admin/outbound-webhooks/:id/retry',
    params: idParams,
    responses: { 200: messageSchema },
  }),
  signingSecret: defineRoute({
    method: 'GET',
    path: '/api/admin/outbound-webhooks/signing-secret',
    responses: { 200: signingSecretSchema },
  }),
  rotateSigningSecret: defineRoute({
    method: 'POST',
    path: '/api/admin/outbound-webhooks/signing-secret/rotate',
    responses: { 200: signingSecretSchema },
  }),
};
