/** Settings by category (admin only): a category's values, and saving several of them at once. */
import { messageSchema } from '../schemas/common.js';
import { settingEntriesSchema, settingsBatchSchema, settingsCategoryParams } from '../schemas/settings.js';
import { defineRoute } from './define-route.js';

export const settingsRoutes = {
  read: defineRoute({
    method: 'GET',
    path: '/api/settings/:category',
    params: settingsCategoryParams,
    responses: { 200: settingEntriesSchema },
  }),
  saveBatch: defineRoute({
    method: 'POST',
    path: '/api/settings/:category/batch',
    params: settingsCategoryParams,
    body: settingsBatchSchema,
    responses: { 200: messageSchema },
  }),
};
