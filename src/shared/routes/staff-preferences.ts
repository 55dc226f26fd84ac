/**
 * A staff member's own back-office choices (any staff role, each person only their own): rows per page
 * of the orders list and the saved views shown as tabs over it.
 */
import * as z from 'zod/mini';
import { idParams, messageSchema } from '../schemas/common.js';
import {
  newSavedViewSchema,
  savedViewPatchSchema,
  savedViewSchema,
  staffPreferencesPatchSchema,
  staffPreferencesSchema,
} from '../schemas/staff-preferences.js';
import { defineRoute } from './define-route.js';

export const staffPreferenceRoutes = {
  preferences: defineRoute({
    method: 'GET',
    path: '/api/admin/preferences',
    responses: { 200: staffPreferencesSchema },
  }),
  updatePreferences: defineRoute({
    method: 'PATCH',
    path: '/api/admin/preferences',
    body: staffPreferencesPatchSchema,
    responses: { 200: staffPreferencesSchema },
  }),
  savedViews: defineRoute({
    method: 'GET',
    path: '/api/admin/saved-views',
    responses: { 200: z.array(savedViewSchema) },
  }),
  saveView: defineRoute({
    method: 'POST',
    path: '/api/admin/saved-views',
    body: newSavedViewSchema,
    responses: { 201: savedViewSchema },
  }),
  renameView: defineRoute({
    method: 'PATCH',
    path: '/api/admin/saved-views/:id',
    params: idParams,
    body: savedViewPatchSchema,
    responses: { 200: savedViewSchema },
  }),
  deleteView: defineRoute({
    method: 'DELETE',
    path: '/api/admin/saved-views/:id',
    params: idParams,
    responses: { 200: messageSchema },
  }),
};
