import { Suspense } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useRoutes } from 'react-router';
import { PageErrorBoundary } from './components/page-error-boundary';
import { FrameSkeleton } from './components/ui/skeleton';
import { AuthRoute } from './features/auth/auth-route';
import { RequireAdmin, RequireUser } from './features/auth/guards';
import { RequirePermission } from './features/auth/permissions';
import NotFoundPage from './features/not-found/not-found-page';
import { lazyChunk, preloadComponent } from './lib/lazy-chunk';

// Everything behind a guard is its own chunk, so a page's first load carries only its own screen (the
// first load of /auth does not load this module at all: src/client/sign-in-app.tsx).
const CustomerShell = lazyChunk(() => import('./features/shell/customer-shell'));
const HomePage = lazyChunk(() => import('./features/home/home-page'));
const OrdersPage = lazyChunk(() => import('./features/orders/orders-page'));
const OrderPage = lazyChunk(() => import('./features/orders/order-page'));
const AccountPage = lazyChunk(() => import('./features/account/account-page'));
const SettingsPage = lazyChunk(() => import('./features/account/settings-page'));
const HelpPage = lazyChunk(() => import('./features/help/help-page'));

const AdminShell = lazyChunk(() => import('./features/admin/admin-shell'));
const DashboardPage = lazyChunk(() => import('./features/admin-orders/dashboard-page'));
const AdminOrdersPage = lazyChunk(() => import('./features/admin-orders/orders-page'));
const AdminOrderPage = lazyChunk(() => import('./features/admin-orders/order-page'));
const ConversationsPage = lazyChunk(() => import('./features/conversations/conversations-page'));
const CustomersPage = lazyChunk(() => import('./features/customers/customers-page'));
const DeliveryDaysPage = lazyChunk(() => import('./features/delivery-booking/delivery-days-page'));
const ImportPage = lazyChunk(() => import('./features/imports/import-page'));
const WebhooksPage = lazyChunk(() => import('./features/inbound-webhooks/webhooks-page'));
const AdminSettingsPage = lazyChunk(() => import('./features/settings/settings-page'));
const AccountSecurityPage = lazyChunk(() => import('./features/security/account-security-page'));
const AuditPage = lazyChunk(() => import('./features/audit/audit-page'));
const InsightsPage = lazyChunk(() => import('./features/insights/insights-page'));
const FinancingPage = lazyChunk(() => import('./features/financing/financing-page'));

const PaymentSuccessPage = lazyChunk(() => import('./features/payments/payment-success-page'));
const TestCheckoutPage = lazyChunk(() => import('./features/payments/test-checkout-page'));
const TrackingPage = lazyChunk(() => import('./features/tracking/tracking-page'));

/** The route table: the customer portal, the back office under /admin, the public payment pages and tracking page. */
const routes = createRoutesFromElements(
  <>
    <Route path="/auth" element={<AuthRoute />} />

    <Route element={<RequireUser />}>
      <Route element={<CustomerShell />}>
        <Route index element={<HomePage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="help" element={<HelpPage />} />
      </Route>
    </Route>

    <Route path="admin" element={<RequireAdmin />}>
      <Route element={<AdminShell />}>
        <Route element={<RequirePermission permission="dashboard.read" />}>
          <Route index element={<DashboardPage />} />
        </Route>
        <Route element={<RequirePermission permission="orders.read" />}>
          <Route path="orders" element={<AdminOrdersPage />} />
          <Route path="orders/:id" element={<AdminOrderPage />} />
          <Route path="conversations" element={<ConversationsPage />} />
          <Route path="delivery-days" element={<DeliveryDaysPage />} />
        </Route>
        <Route element={<RequirePermission permission="insights.read" />}>
          <Route path="insights" element={<InsightsPage />} />
        </Route>
        <Route element={<RequirePermission permission="customers.read" />}>
          <Route path="customers" element={<CustomersPage />} />
        </Route>
        <Route element={<RequirePermission permission="orders.import" />}>
          <Route path="import" element={<ImportPage />} />
        </Route>
        <Route element={<RequirePermission permission="webhookLog.read" />}>
          <Route path="webhooks" element={<WebhooksPage />} />
        </Route>
        <Route element={<RequirePermission permission="financing.read" />}>
          <Route path="financing" element={<FinancingPage />} />
        </Route>
        <Route element={<RequirePermission permission="admin.all" />}>
          <Route path="settings" element={<AdminSettingsPage />} />
          <Route path="audit" element={<AuditPage />} />
        </Route>
        <Route path="account" element={<AccountSecurityPage />} />
      </Route>
    </Route>

    <Route path="payment/success" element={<PaymentSuccessPage />} />
    <Route path="payment/test-checkout/:sessionId" element={<TestCheckoutPage />} />
    {/* Public: the link is the key; signed in or not, everyone sees the same page. */}
    <Route path="track/:token" element={<TrackingPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </>,
);

export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<FrameSkeleton />}>{useRoutes(routes)}</Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Starts loading the screens `pathname` shows (its shell and page), so that on a page's first load they
 * arrive alongside the session check rather than after it; resolves once they have (or failed).
 */
export function preloadScreensFor(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) => {
    const element = match.route.element;
    return element && typeof element === 'object' && 'type' in element
      ? preloadComponent(element.type)
      : Promise.resolve();
  });
  return Promise.all(loads).then(() => {});
}
