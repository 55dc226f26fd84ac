/**
 * The orders on a phone: one card per order with its ID, customer, product, stage, date and amount,
 * the same Actions menu and selection checkbox as the table's rows, and the table's sorts as one choice. A unit's own status is changed
 * from View Details or the Status dialog there; the cards do not expand.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import type { AdminOrderRow, AdminOrderSort } from '../../../shared/schemas/admin-orders.js';
import { orderName } from '../../../shared/unit-name.js';
import { formatDate } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { orderPaymentText, STAFF_MONEY_WORDS } from '../payments/money';
import { CustomerName } from './customer-name';
import { orderPageUrl } from './format';
import type { OrderDialogs } from './order-dialogs';
import { paymentDetail } from './payment-summary';
import { RowActions } from './row-actions';
import { StageBadge } from './stage-badge';
import { ROW_CHECKBOX } from './table-styles';

/** The table's sortable columns, both ways, as one choice: a phone has no column headers to press. */
const SORT_CHOICES: ReadonlyArray<{ value: AdminOrderSort; label: string }> = [
  { value: 'orderDate:desc', label: 'Newest first' },
  { value: 'orderDate:asc', label: 'Oldest first' },
  { value: 'orderId:asc', label: 'Order ID, A to Z' },
  { value: 'orderId:desc', label: 'Order ID, Z to A' },
  { value: 'status:asc', label: 'Stage, earliest first' },
  { value: 'status:desc', label: 'Stage, latest first' },
];

export function OrderCards({
  rows,
  sort,
  onSort,
  selected,
  onSelect,
  dialogs,
  busy,
}: {
  rows: readonly AdminOrderRow[];
  sort: AdminOrderSort;
  onSort: (sort: AdminOrderSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  dialogs: OrderDialogs;
  busy: boolean;
}) {
  const ids = rows.map((row) => row.id);
  const selectedOnPage = ids.filter((id) => selected.has(id)).length;
  const allSelected = ids.length > 0 && selectedOnPage === ids.length;
  const sortId = useId();
  return (
    <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b px-4 py-2.5 text-muted-foreground text-sm">
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            aria-label="Select all orders on this page"
            className={ROW_CHECKBOX}
            checked={allSelected}
            ref={(box) => {
              if (box) box.indeterminate = selectedOnPage > 0 && !allSelected;
            }}
            disabled={ids.length === 0}
            onChange={(event) => onSelect(ids, event.target.checked)}
          />
          <span aria-hidden="true">Select all</span>
        </label>
        <span className="flex items-center gap-2">
          <label htmlFor={sortId}>Sort</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => onSort(event.target.value as AdminOrderSort)}
            className="h-9 rounded-md border border-input bg-card px-2 text-foreground text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
          >
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </span>
      </div>
      <ul aria-label="Orders" className="divide-y">
        {rows.map((row) => (
          <OrderCard
            key={row.id}
            row={row}
            selected={selected.has(row.id)}
            onSelect={(value) => onSelect([row.id], value)}
            dialogs={dialogs}
          />
        ))}
      </ul>
    </div>
  );
}

function OrderCard({
  row,
  selected,
  onSelect,
  dialogs,
}: {
  row: AdminOrderRow;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  dialogs: OrderDialogs;
}) {
  const label = orderName(row.orderId);
  const payment = orderPaymentText(row.money, STAFF_MONEY_WORDS, 'en');
  const detail = paymentDetail(row.money);
  return (
    <li
      aria-label={`Order ${label}`}
      data-order-row={row.id}
      data-state={selected ? 'selected' : undefined}
      className="grid min-w-0 gap-1.5 px-4 py-3 data-[state=selected]:bg-muted"
    >
      <div className="flex min-w-0 items-center gap-3">
        <input
          type="checkbox"
          aria-label={`Select order ${label}`}
          className={ROW_CHECKBOX}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <Link
          to={orderPageUrl(row.id)}
          data-order-link
          className="shrink-0 font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {label}
        </Link>
        <span className="-my-1 ml-auto shrink-0">
          <RowActions row={row} label={label} dialogs={dialogs} />
        </span>
      </div>
      <CustomerName email={row.customerEmail} name={row.customerName} className="text-sm" />
      <p className="flex min-w-0 gap-1.5 text-sm">
        <span className="truncate" title={row.productName}>
          {row.productName}
        </span>
        {row.quantity > 1 && <span className="shrink-0 text-muted-foreground">· {row.quantity} units</span>}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <StageBadge stage={row.status} className="max-w-full" />
        <span className="text-muted-foreground text-xs tabular-nums">
          {formatDate(row.orderDate)}
          {' · '}
          <span className="font-medium text-foreground">{payment}</span>
          {detail && ` · ${detail}`}
        </span>
      </div>
    </li>
  );
}
