/**
 * The Import Data page's upload: multipart (the options as text fields, then the file), so the entry
 * declares no body; the 400 answer with the rows at fault is the server's to document.
 */
import { importResultSchema } from '../schemas/imports.js';
import { defineRoute } from './define-route.js';

export const importRoutes = {
  run: defineRoute({
    method: 'POST',
    path: '/api/admin/import',
    responses: { 200: importResultSchema },
  }),
};
