/**
 * Dashboard: four cards and Recent Orders; then how many units wait at each stage, which units have
 * stayed longest in their current stage, and which are past their delivery window.
 */
import { CheckCircle2, ClipboardList, Factory, Package } from 'lucide-react';
import { useDeferredValue } from 'react';
import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { PENDING_ACTION_STAGES } from '../../../shared/stages.js';
import { LoadFailed } from '../../components/load-failed';
import { PageSkeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { WaitingForAnswerCard } from '../conversations/waiting-card';
import { useDashboard } from './api';
import { stageListUrl } from './format';
import { LongestWaiting } from './longest-waiting';
import { PastWindowCard } from './past-window-card';
import { RecentOrders } from './recent-orders';
import { StatCard } from './stat-card';
import { UnitsPerStage } from './units-per-stage';

export default function DashboardPage() {
  const dashboard = useDashboard();
  // Drawn in a deferred pass, which React can interrupt: a slow phone stays responsive meanwhile.
  const data = useDeferredValue(dashboard.data);
  return (
    // min-w-0 on the grid items: a wide table scrolls inside its card instead of widening the page.
    <section className="grid gap-6 [&>*]:min-w-0">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="text-muted-foreground text-sm">Where every order stands today.</p>
      </div>
      {!data && !dashboard.isError && <PageSkeleton heading={false} cards blocks={2} />}
      {dashboard.isError && (
        <LoadFailed onRetry={() => dashboard.refetch()}>
          {errorMessage(dashboard.error) ?? 'We could not load the dashboard.'}
        </LoadFailed>
      )}
      {data && <DashboardContent data={data} />}
    </section>
  );
}

function DashboardContent({ data }: { data: Dashboard }) {
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Order totals">
        <StatCard
          title="Total Orders"
          value={data.totalOrders}
          icon={Package}
          hint="All orders"
          to="/admin/orders"
        />
        <StatCard
          title="Pending Actions"
          value={data.pendingActions}
          icon={ClipboardList}
          hint="Documents to sign or payment due"
          to={stageListUrl(PENDING_ACTION_STAGES)}
        />
        <StatCard
          title="In Production"
          value={data.inProduction}
          icon={Factory}
          hint="Being built"
          to={stageListUrl(['PRODUCTION'])}
        />
        <StatCard
          title="Delivered"
          value={data.delivered}
          icon={CheckCircle2}
          hint="Completed orders"
          to={stageListUrl(['DELIVERED'])}
        />
      </ul>

      <RecentOrders data={data} />

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <WaitingForAnswerCard />
        <UnitsPerStage data={data} />
        <LongestWaiting data={data} />
        <PastWindowCard />
      </div>
    </>
  );
}
