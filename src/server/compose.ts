import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createAccountService } from './features/account/index.js';
import { createAdminOrderService } from './features/admin-orders/index.js';
import { createApiKeyService } from './features/api-keys/index.js';
import { createAuditService } from './features/audit/index.js';
import { createAuthService } from './features/auth/index.js';
import { createConversationServices, unitDocumentsOf } from './features/conversations/index.js';
import { createCustomerAdminService } from './features/customers/index.js';
import { createDeliveryBookingService } from './features/delivery-booking/index.js';
import { createFinancingService } from './features/financing/index.js';
import { createForecastService } from './features/forecast/index.js';
import { createImportService } from './features/imports/index.js';
import { createWebhookService } from './features/inbound-webhooks/index.js';
import { createInsightsService } from './features/insights/index.js';
import {
  confirmNewOrder,
  createMailSender,
  enqueueNewOrderAlert,
  enqueueStageChangeMail,
  enqueueStageChangeMails,
} from './features/notifications/index.js';
import { createOnboardingService } from './features/onboarding/index.js';
import { createOrderEntryService } from './features/order-entry/index.js';
import {
  createOrderService,
  createOrderWriter,
  type OrderEvent,
  type OrderEvents,
} from './features/orders/index.js';
import {
  createAutomationService,
  createWebhookSender,
  enqueueStatusChangedWebhook,
  enqueueStatusChangedWebhooks,
} from './features/outbound-webhooks/index.js';
import { createPaymentService } from './features/payments/index.js';
import { createSecondFactorService, relyingPartyOf } from './features/second-factor/index.js';
import { createServiceAreaService } from './features/service-areas/index.js';
import { createSettingsService } from './features/settings/index.js';
import { createStaffInvitationService } from './features/staff-invitations/index.js';
import { createStaffPreferenceService } from './features/staff-preferences/index.js';
import { createTrackingService } from './features/tracking/index.js';
import type { Clock } from './lib/clock.js';
import { createEventBus } from './lib/event-bus.js';
import { publishStatusChange } from './live/publish.js';
import type { Mailer } from './mail/mailer.js';

export interface CompositionDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Who hears of an order change. Each listener runs in the change's transaction, so what it writes (a
 * NOTIFY, a queued e-mail, a queued webhook) takes effect exactly when the change commits.
 */
function subscribeToOrderEvents(events: OrderEvents) {
  events.subscribe('units.status_changed', (tx, event) =>
    publishStatusChange(tx, {
      orderId: event.order.id,
      ownerId: event.order.userId,
      status: event.changed[0]?.to ?? event.order.status,
      itemNumbers: event.changed.map((unit) => unit.itemNumber),
    }),
  );
  events.subscribe('units.status_changed', enqueueStageChangeMail);
  events.subscribe('units.status_changed', enqueueStatusChangedWebhook);
  events.subscribe('units.bulk_status_changed', enqueueStageChangeMails);
  events.subscribe('units.bulk_status_changed', enqueueStatusChangedWebhooks);
  events.subscribe('order.created', enqueueNewOrderAlert);
  events.subscribe('order.created', confirmNewOrder);
}

/** Every service of the product, each built once and handed to the routes that need it. */
export function composeServices({ config, db, clock, mailer, log }: CompositionDeps) {
  const events = createEventBus<OrderEvent>();
  subscribeToOrderEvents(events);
  const orders = createOrderWriter({ events });

  const settings = createSettingsService({ db, clock, config });
  const forecast = createForecastService({ db, clock, settings });
  events.subscribe('units.status_changed', forecast.noteStatusChange);
  events.subscribe('units.bulk_status_changed', forecast.noteBulkStatusChange);
  const insights = createInsightsService({ db, clock, forecast });
  events.subscribe('units.status_changed', insights.noteOrderChange);
  events.subscribe('units.bulk_status_changed', insights.noteOrderChange);
  events.subscribe('order.created', insights.noteOrderChange);
  const adminOrders = createAdminOrderService({ db, clock, orders });
  events.subscribe('units.status_changed', adminOrders.noteOrderChange);
  events.subscribe('units.bulk_status_changed', adminOrders.noteOrderChange);
  events.subscribe('order.created', adminOrders.noteOrderChange);
  events.subscribe('orders.changed', adminOrders.noteOrderChange);
  const secondFactor = createSecondFactorService({
    db,
    clock,
    rp: relyingPartyOf(config.publicUrl, 'OrderFlow'),
    mailer,
  });
  const auth = createAuthService({
    db,
    mailer,
    clock,
    secondFactor,
    sessionTtlHours: config.sessionTtlHours,
    codeLimits: { perEmail: config.authLimits.codesPerEmail, perIp: config.authLimits.codesPerIp },
  });
  const serviceAreas = createServiceAreaService({ db, clock, settings, orders });

  return {
    orders,
    settings,
    auth,
    secondFactor,
    serviceAreas,
    forecast,
    insights,
    orderViews: createOrderService({
      db,
      clock,
      writer: orders,
      estimator: forecast.estimates,
      unitDocuments: (itemId) => unitDocumentsOf(db, itemId),
    }),
    conversations: createConversationServices({ db, clock, mailDelayMs: config.messageMailDelayMs }),
    tracking: createTrackingService({ db, clock, orders, estimator: forecast.estimates }),
    onboarding: createOnboardingService({ db, clock, orders }),
    account: createAccountService({ db, clock, orders }),
    payments: createPaymentService({ db, clock, config, settings, log, orders }),
    adminOrders,
    customers: createCustomerAdminService({ db, clock, config, auth }),
    staffInvitations: createStaffInvitationService({ db, clock, mailer, config }),
    apiKeys: createApiKeyService({ db, clock }),
    staffPreferences: createStaffPreferenceService({ db, clock }),
    audit: createAuditService({ db }),
    webhooks: createWebhookService({ db, clock, serviceAreas, orders }),
    automation: createAutomationService({ db, clock }),
    imports: createImportService({ db, clock, orders, serviceAreas }),
    orderEntry: createOrderEntryService({ db, clock, orders, serviceAreas }),
    delivery: createDeliveryBookingService({ db, clock, orders, estimator: forecast.estimates }),
    financing: createFinancingService({ db, clock, config }),
    senders: {
      mail: createMailSender({ db, clock, mailer, publicUrl: config.publicUrl, policy: config.outbox, log }),
      webhooks: createWebhookSender({
        db,
        clock,
        policy: config.outbox,
        log,
        allowPrivate: config.allowPrivateWebhookTargets,
      }),
    },
  };
}

export type Services = ReturnType<typeof composeServices>;
