/** The built-in help page's questions and answers, public (decision 266). */
import { helpPageSchema, helpQuerySchema } from '../schemas/help.js';
import { defineRoute } from './define-route.js';

export const helpRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/help',
    query: helpQuerySchema,
    responses: { 200: helpPageSchema },
  }),
};
