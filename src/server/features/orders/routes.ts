import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes as routes } from '../../../shared/routes/orders.js';
import { isWebUrl } from '../../../shared/schemas/web-url.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { toEventDto, toItemDto, toOrderDto } from './dto.js';
import { ordersErrors } from './errors.js';
import type { OrderService } from './service.js';
import { checkSigningDocument } from './signing-document.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The customer's order calls; every one answers only with the caller's orders. Paths and shapes:
 * src/shared/routes/orders.ts.
 */
export const orderRoutes: FastifyPluginAsync<{
  orders: OrderService;
  publicUrl: string;
  allowPrivateTargets: boolean;
}> = async (app, { orders, publicUrl, allowPrivateTargets }) => {
  // Visitors get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  registerRoute(app, routes.list, {
    failures,
    handler: async (request) => {
      const user = requireUser(request);
      const list = await orders.listForCustomer(user.id);
      return list.map(({ order, items }) => ({
        ...toOrderDto(order, items),
        trackingToken: order.trackingToken,
      }));
    },
  });

  registerRoute(app, routes.get, {
    failures,
    handler: async (request) => {
      // Only the owner or staff can read the order at all, so the link goes to no one else.
      const { order, items } = await orders.get(requireUser(request), request.params.id);
      return { ...toOrderDto(order, items), trackingToken: order.trackingToken };
    },
  });

  registerRoute(app, routes.items, {
    failures,
    handler: async (request) => (await orders.items(requireUser(request), request.params.id)).map(toItemDto),
  });

  registerRoute(app, routes.events, {
    failures,
    handler: async (request) =>
      (await orders.events(requireUser(request), request.params.id)).map(toEventDto),
  });

  registerRoute(app, routes.itemDetails, {
    failures,
    handler: async (request) => {
      const { item, order, user, documents } = await orders.itemDetails(
        requireUser(request),
        request.params.id,
      );
      return { item: toItemDto(item), order: toOrderDto(order), user, documents };
    },
  });

  registerRoute(app, routes.signingDocument, {
    failures,
    handler: async (request) => {
      const { item } = await orders.itemDetails(requireUser(request), request.params.id);
      const url = item.currentStageData.documentUrl;
      if (!isWebUrl(url)) throw ordersErrors.DOCUMENT_NOT_READY('The documents are not ready to sign yet');
      return checkSigningDocument(url, {
        portalOrigin: new URL(publicUrl).origin,
        allowPrivate: allowPrivateTargets,
      });
    },
  });

  registerRoute(app, routes.updateItemStatus, {
    failures,
    handler: async (request) => {
      const user = requireUser(request);
      // The body's stageData is not passed on: a customer must not write stage data (decision 22).
      const item = await orders.startSigning(user.id, request.params.itemId, request.body.status);
      return toItemDto(item);
    },
  });
};
