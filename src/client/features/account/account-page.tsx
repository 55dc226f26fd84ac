/** My Account: profile, the latest order's details and recent activity. */
import { Button } from '../../components/ui/button';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useSession } from '../auth/session';
import { useOrders } from '../orders/api';
import { SessionsCard } from '../security/sessions-card';
import { AccountDetailsCard } from './account-details-card';
import { ProfileCard } from './profile-card';
import { RecentActivityCard } from './recent-activity-card';

export default function AccountPage() {
  const { user } = useSession();
  // Newest first (GET /api/orders), so the first is the latest order.
  const orders = useOrders();

  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">My Account</h1>
        <p className="text-muted-foreground">
          Your profile, shipping details, recent orders and where you are signed in.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        {user && <ProfileCard user={user} className="lg:col-span-1" />}
        {orders.isPending ? (
          <div className="lg:col-span-2">
            <PageSkeleton heading={false} blocks={2} />
          </div>
        ) : orders.isError ? (
          <div
            role="alert"
            className="grid justify-items-start gap-3 rounded-xl border bg-card p-6 lg:col-span-2"
          >
            <p className="font-medium">Something went wrong</p>
            <p className="text-muted-foreground text-sm">Your order details could not be loaded.</p>
            <Button variant="outline" onClick={() => void orders.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <AccountDetailsCard latestOrder={orders.data[0] ?? null} className="lg:col-span-2" />
            <RecentActivityCard orders={orders.data} className="lg:col-span-3" />
          </>
        )}
        <SessionsCard className="lg:col-span-3" />
      </div>
    </section>
  );
}
