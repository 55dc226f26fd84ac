import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from './components/ui/spinner';
import AuthPage from './features/auth/auth-page';
import { RedirectIfSignedIn, RequireAdmin, RequireUser } from './features/auth/guards';
import NotFoundPage from './features/not-found/not-found-page';

// Everything behind a guard is its own chunk, so the first load of /auth carries only the sign-in
// screen (at most 150 kB of compressed JavaScript, admin code in its own chunks; checked by
// bench/benchmarks/auth-bundle.ts).
const CustomerShell = lazy(() => import('./features/shell/customer-shell'));
const HomePage = lazy(() => import('./features/home/home-page'));
const OrdersPage = lazy(() => import('./features/orders/orders-page'));
const OrderPage = lazy(() => import('./features/orders/order-page'));
const AccountPage = lazy(() => import('./features/account/account-page'));
const SettingsPage = lazy(() => import('./features/settings/settings-page'));

const AdminShell = lazy(() => import('./features/admin/admin-shell'));
const DashboardPage = lazy(() => import('./features/admin-orders/dashboard-page'));
const AdminOrdersPage = lazy(() => import('./features/admin-orders/orders-page'));
const CustomersPage = lazy(() => import('./features/customers/customers-page'));
const DeliveryDaysPage = lazy(() => import('./features/delivery-booking/delivery-days-page'));
const ImportPage = lazy(() => import('./features/imports/import-page'));
const WebhooksPage = lazy(() => import('./features/webhooks/webhooks-page'));
const AdminSettingsPage = lazy(() => import('./features/admin-settings/settings-page'));

const PaymentSuccessPage = lazy(() => import('./features/payments/payment-success-page'));
const TestCheckoutPage = lazy(() => import('./features/payments/test-checkout-page'));

/** The route table: the customer portal, the back office under /admin, and the public payment pages. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route
          path="/auth"
          element={
            <RedirectIfSignedIn>
              <AuthPage />
            </RedirectIfSignedIn>
          }
        />

        <Route element={<RequireUser />}>
          <Route element={<CustomerShell />}>
            <Route index element={<HomePage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="orders/:id" element={<OrderPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="settings" element={<SettingsPage />} />
          </Route>
        </Route>

        <Route path="admin" element={<RequireAdmin />}>
          <Route element={<AdminShell />}>
            <Route index element={<DashboardPage />} />
            <Route path="orders" element={<AdminOrdersPage />} />
            <Route path="customers" element={<CustomersPage />} />
            <Route path="delivery-days" element={<DeliveryDaysPage />} />
            <Route path="import" element={<ImportPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="settings" element={<AdminSettingsPage />} />
          </Route>
        </Route>

        <Route path="payment/success" element={<PaymentSuccessPage />} />
        <Route path="payment/test-checkout/:sessionId" element={<TestCheckoutPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
