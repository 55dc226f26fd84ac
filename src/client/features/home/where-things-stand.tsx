import type { TFunction } from 'i18next';
import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { type Stage, TIMELINE_STEP_STAGES, timelineStep } from '../../../shared/stages.js';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useNames } from '../../lib/names';
import { useStageText } from '../../lib/stage-text';
import { useFormat } from '../../lib/use-format';
import { useOrders } from '../orders/api';
import { orderUnits } from '../orders/item-status';
import { unitPath } from '../orders/task-link';
import { ACTION_KEYS } from '../orders/unit-stage';
import { purchaseTasks } from '../orders/use-purchase-tasks';

interface UnitSummary {
  key: string;
  orderId: number;
  /** The order's business id and the unit's number: its name (src/shared/unit-name.ts). */
  orderNumber: string;
  itemNumber: number;
  productName: string;
  stage: Stage;
  /** What the unit's stage holds (whether its documents are ready). */
  stageData: Record<string, unknown>;
  /** The next timeline step, named by its stage; undefined once on the last. */
  next: Stage | undefined;
  /** The newest date the product knows for the unit: its delivery date, else when its stage changed. */
  /** A booked day, else the estimated window (decision 239), else when the unit reached its stage. */
  latest:
    | { kind: 'deliveryOn' | 'since'; date: string }
    | { kind: 'window'; from: string; to: string }
    | undefined;
}

/** Every unit not yet delivered, the order placed most recently first. */
export function unitsInProgress(orders: readonly OrderDto[]): UnitSummary[] {
  const newestFirst = [...orders].sort((a, b) => Date.parse(b.orderDate) - Date.parse(a.orderDate));
  return newestFirst.flatMap((order) =>
    orderUnits(order)
      .filter((unit) => unit.status !== 'DELIVERED')
      .map((unit) => {
        const changedAt = unit.item?.statusChangedAt;
        const estimate = unit.item?.estimate;
        const latest: UnitSummary['latest'] = unit.deliveryDate
          ? { kind: 'deliveryOn', date: unit.deliveryDate }
          : estimate
            ? { kind: 'window', from: estimate.from, to: estimate.to }
            : changedAt
              ? { kind: 'since', date: changedAt }
              : undefined;
        return {
          key: `${order.id}-${unit.itemNumber}`,
          orderId: order.id,
          orderNumber: order.orderId,
          itemNumber: unit.itemNumber,
          productName: order.productName,
          stage: unit.status,
          stageData: unit.stageData,
          next: TIMELINE_STEP_STAGES[timelineStep(unit.status) + 1],
          latest,
        };
      }),
  );
}

function latestText(
  latest: UnitSummary['latest'],
  t: TFunction<['home', 'orders', 'common', 'payments']>,
  format: ReturnType<typeof useFormat>,
): string | undefined {
  if (!latest) return undefined;
  if (latest.kind === 'window')
    return t('common:estimate.window', { window: format.dateRange(latest.from, latest.to) });
  const date = format.date(latest.date);
  if (!date) return undefined;
  return latest.kind === 'since' ? t('since', { date }) : t('deliveryOn', { date });
}

/**
 * The top of Home: what the customer has to do, then where each unit stands (stage, next step, the
 * latest date), so the first screen answers "where is it and what do I do next" on a phone too.
 */
export function WhereThingsStand() {
  // The tasks are named like the order cards' actions, in the orders catalogue.
  const { t } = useTranslation(['home', 'orders', 'common', 'payments']);
  const stages = useStageText();
  const format = useFormat();
  const names = useNames();
  const { data: orders, isPending, isError } = useOrders();
  if (isPending) {
    return (
      <div className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
        <Spinner className="size-4" label="" /> {t('loadingOrders')}
      </div>
    );
  }
  if (isError) return null;
  const tasks = purchaseTasks(orders);
  const units = unitsInProgress(orders);
  const delivered = orders.reduce(
    (count, order) => count + orderUnits(order).filter((unit) => unit.status === 'DELIVERED').length,
    0,
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="home-tasks" className="grid content-start gap-3">
        <h2 id="home-tasks" className="font-semibold text-lg">
          {t('toDo')} {tasks.length > 0 && <Badge variant="destructive">{tasks.length}</Badge>}
        </h2>
        {tasks.length === 0 ? (
          <p className="flex items-center gap-2 rounded-xl border bg-card p-4 text-muted-foreground text-sm">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            {t('nothingToDo')}
          </p>
        ) : (
          <ul className="grid gap-2">
            {tasks.map((task) => (
              <li key={task.key}>
                <Link
                  to={unitPath(task.orderId, task.itemNumber, true)}
                  className="flex items-center gap-3 rounded-xl border border-destructive/40 bg-card p-4 outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
                  <span className="grid min-w-0 flex-1">
                    <span className="font-medium">{t(ACTION_KEYS[task.action], { ns: 'orders' })}</span>
                    <span className="truncate text-muted-foreground text-sm">
                      {names.unit(task.orderNumber, task.itemNumber)}
                    </span>
                    {task.deposit !== null && (
                      <span className="text-sm">
                        {t('payments:money.orderState.due', { amount: format.money(task.deposit) })}
                      </span>
                    )}
                  </span>
                  <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="home-units" className="grid content-start gap-3">
        <h2 id="home-units" className="font-semibold text-lg">
          {t('unitsHeading')}
        </h2>
        {units.length === 0 ? (
          <p className="rounded-xl border bg-card p-4 text-muted-foreground text-sm">
            {orders.length === 0 ? t('noOrders') : t('allDelivered')}
          </p>
        ) : (
          <ul className="grid gap-2">
            {units.map((unit) => {
              const hint = stages.hint(unit.stage, unit.stageData);
              const latest = latestText(unit.latest, t, format);
              return (
                <li key={unit.key}>
                  <Link
                    to={unitPath(unit.orderId, unit.itemNumber)}
                    className="grid gap-1 rounded-xl border bg-card p-4 outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-4"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">
                        {names.unit(unit.orderNumber, unit.itemNumber)}
                      </span>
                      <span className="block truncate text-muted-foreground text-sm">{unit.productName}</span>
                    </span>
                    <span className="grid gap-0.5 text-sm sm:text-right">
                      <span className="font-medium">
                        {stages.label(unit.stage)}
                        {hint && <span className="font-normal text-muted-foreground"> · {hint}</span>}
                      </span>
                      <span className="text-muted-foreground">
                        {unit.next && t('next', { step: stages.label(unit.next) })}
                        {unit.next && latest && ' · '}
                        {latest}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {delivered > 0 && (
          <p className="text-muted-foreground text-sm">
            {t('delivered', { count: delivered })} ·{' '}
            <Link to="/orders" className="underline underline-offset-4 hover:text-foreground">
              {t('seeAllOrders')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
