/**
 * Dashboard: four cards and Recent Orders; then how many units wait at each stage, which units have
 * stayed longest in their current stage, and which are past their delivery window.
 */
import { CheckCircle2, ClipboardList, Factory, type LucideIcon, Package } from 'lucide-react';
import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { formatCount, itemLabel } from '../../../shared/format.js';
import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { PENDING_ACTION_STAGES, STAGE_LABELS } from '../../../shared/stages.js';
import { ListCard, ListCardRow, ListCardRows } from '../../components/list-card';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDateRange } from '../../lib/dates';
import { stageColours } from '../../lib/stage-colours';
import { cn } from '../../lib/utils';
import { WaitingForAnswerCard } from '../conversations/waiting-card';
import { usePastWindow } from '../forecast/api';
import { useDashboard } from './api';
import { CustomerName } from './customer-name';
import { adminOrderLabel, orderPageUrl, stageListUrl, waitedFor } from './format';
import { StageBadge } from './stage-badge';

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

function StatCard({
  title,
  value,
  icon: Icon,
  hint,
  to,
}: {
  title: string;
  value: number;
  icon: LucideIcon;
  hint: string;
  /** The list of the orders this card counts. */
  to: string;
}) {
  return (
    <li>
      {/* The whole card is the link, named by its title; the count and hint follow in its text. */}
      <Card className="relative h-full transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50">
        <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
          <h2 className="font-medium text-muted-foreground text-sm">
            <Link to={to} className="outline-none after:absolute after:inset-0 after:content-['']">
              {title}
            </Link>
          </h2>
          <Icon aria-hidden="true" className="size-5 text-primary" />
        </CardHeader>
        <CardContent className="grid gap-1">
          <p className="font-semibold text-3xl tabular-nums">{formatCount(value)}</p>
          <p className="text-muted-foreground text-xs">{hint}</p>
        </CardContent>
      </Card>
    </li>
  );
}

function RecentOrders({ data }: { data: Dashboard }) {
  return (
    <ListCard
      title="Recent Orders"
      description="The newest orders first."
      viewAll={{ to: '/admin/orders', label: 'View all orders' }}
    >
      {data.recentOrders.length === 0 ? (
        <p className="text-muted-foreground text-sm">No orders yet.</p>
      ) : (
        <Table className="min-w-[40rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Order ID</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Product</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Stage</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.recentOrders.map((row) => {
              const label = adminOrderLabel(row);
              return (
                <TableRow key={row.id}>
                  <TableCell className="whitespace-nowrap font-medium">
                    <Link
                      to={orderPageUrl(row.id)}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {label}
                    </Link>
                  </TableCell>
                  <TableCell className="max-w-56">
                    <CustomerName email={row.customerEmail} name={row.customerName} />
                  </TableCell>
                  <TableCell className="max-w-56 break-words">{row.productName}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(row.orderDate)}</TableCell>
                  <TableCell>
                    <StageBadge stage={row.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="sm" asChild>
                      <Link to={orderPageUrl(row.id)} aria-label={`View order ${label}`}>
                        View
                      </Link>
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </ListCard>
  );
}

/**
 * A bar per stage. It is a real table — stage, then count — so screen readers read the numbers; the
 * bars are drawn beside the counts and hidden from them.
 */
function UnitsPerStage({ data }: { data: Dashboard }) {
  const max = Math.max(1, ...data.unitsPerStage.map((entry) => entry.count));
  const total = data.unitsPerStage.reduce((sum, entry) => sum + entry.count, 0);
  const titleId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>Units per stage</CardTitle>
        <CardDescription>{formatCount(total)} units in all orders.</CardDescription>
      </CardHeader>
      <CardContent>
        <table aria-labelledby={titleId} className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {data.unitsPerStage.map(({ stage, count }) => (
              <tr key={stage}>
                <th scope="row" className="w-40 py-1 pr-3 text-left font-normal">
                  <Link
                    to={stageListUrl([stage])}
                    className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {STAGE_LABELS[stage]}
                  </Link>
                </th>
                <td className="py-1">
                  <div className="flex items-center gap-2">
                    <div aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-muted">
                      <div
                        className={cn('h-full rounded-full', stageColours(stage).dot)}
                        style={{ width: `${(count / max) * 100}%` }}
                      />
                    </div>
                    <span className="w-16 text-right font-medium tabular-nums">{formatCount(count)}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function LongestWaiting({ data }: { data: Dashboard }) {
  const now = Date.now();
  return (
    <ListCard title="Waiting longest" description="Units that have stayed longest in their current stage.">
      <ListCardRows items={data.longestWaiting} empty="No unit is waiting.">
        {(unit) => {
          const label = `${adminOrderLabel({ id: unit.orderId, orderId: unit.orderRef })} · ${itemLabel(unit.itemNumber)}`;
          return (
            <ListCardRow
              key={unit.itemId}
              label={label}
              detail={`${waitedFor(unit.since, now)} in ${STAGE_LABELS[unit.status]}`}
              to={orderPageUrl(unit.orderId)}
              action="View"
              actionLabel={`View order ${label}`}
            />
          );
        }}
      </ListCardRows>
    </ListCard>
  );
}

/** Units not delivered whose delivery window ended before today, the latest first. */
function PastWindowCard() {
  const late = usePastWindow();
  const data = late.data;
  return (
    <ListCard
      title="Past their delivery window"
      description={
        data && data.total > data.units.length
          ? `The ${data.units.length} latest of ${data.total.toLocaleString()} units not delivered by the end of their estimated window.`
          : 'Units not delivered by the end of their estimated window.'
      }
    >
      <ListCardRows
        items={data?.units}
        isPending={late.isPending}
        error={late.error}
        failed="We could not load the late units."
        empty="Every unit is within its window."
      >
        {(unit) => {
          const label = `${adminOrderLabel({ id: unit.orderId, orderId: unit.orderNumber })} · ${itemLabel(unit.itemNumber)}`;
          return (
            <ListCardRow
              key={unit.itemId}
              label={label}
              detail={`${STAGE_LABELS[unit.status]} · expected ${formatDateRange(unit.estimate.from, unit.estimate.to)} · ${unit.daysLate} ${unit.daysLate === 1 ? 'day' : 'days'} late`}
              to={orderPageUrl(unit.orderId)}
              action="View"
              actionLabel={`View order ${label}`}
            />
          );
        }}
      </ListCardRows>
    </ListCard>
  );
}
