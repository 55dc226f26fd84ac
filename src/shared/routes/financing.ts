/**
 * Financing applications: the customer's application for a unit at the payment stage, the staff list
 * (permission `financing.read`) and the providers' signing secret (admins).
 */
import { idParams } from '../schemas/common.js';
import {
  financingApplicationSchema,
  financingDraftSchema,
  financingListQuerySchema,
  financingListSchema,
  financingSecretSchema,
  orderFinancingSchema,
  unitFinancingSchema,
} from '../schemas/financing.js';
import { defineRoute } from './define-route.js';

export const financingRoutes = {
  unitFinancing: defineRoute({
    method: 'GET',
    path: '/api/order-items/:id/financing',
    params: idParams,
    responses: { 200: unitFinancingSchema },
  }),
  application: defineRoute({
    method: 'GET',
    path: '/api/order-items/:id/financing-application',
    params: idParams,
    responses: { 200: financingApplicationSchema },
  }),
  saveDraft: defineRoute({
    method: 'PUT',
    path: '/api/order-items/:id/financing-application',
    params: idParams,
    body: financingDraftSchema,
    responses: { 200: financingApplicationSchema },
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/order-items/:id/financing-application/submit',
    params: idParams,
    responses: { 200: financingApplicationSchema },
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/api/order-items/:id/financing-application/withdraw',
    params: idParams,
    responses: { 200: financingApplicationSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/financing-applications',
    query: financingListQuerySchema,
    responses: { 200: financingListSchema },
  }),
  ofOrder: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id/financing-applications',
    params: idParams,
    responses: { 200: orderFinancingSchema },
  }),
  newSigningSecret: defineRoute({
    method: 'POST',
    path: '/api/admin/financing/signing-secret',
    responses: { 200: financingSecretSchema },
  }),
};
