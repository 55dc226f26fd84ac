/**
 * The orders table: Order ID, Customer (name and e-mail, or 'Guest'), Product, Date, Payment, Stage and
 * Actions, one compact row an order; multi-unit orders expand into unit rows with 'Update Status'; a
 * checkbox per row for the bulk status change. The columns have fixed widths, so expanding an order
 * moves none of them, and the table only scrolls sideways (under the pinned Actions) when its card is
 * narrower than the columns need.
 */

import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment } from 'react';
import type { AdminOrderRow, AdminOrderSort } from '../../../shared/schemas/admin-orders.js';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/utils';
import type { OrderDialogs } from './order-dialogs';
import { OrderRow } from './order-row';
import { ROW_CHECKBOX, STICKY_ACTIONS } from './table-styles';
import { UnitRows } from './unit-rows';

export type SortColumn = 'orderId' | 'orderDate' | 'status';

interface OrdersTableProps {
  rows: readonly AdminOrderRow[];
  sort: AdminOrderSort;
  onSort: (sort: AdminOrderSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
  expanded: ReadonlySet<number>;
  onToggleExpanded: (id: number) => void;
  dialogs: OrderDialogs;
  busy: boolean;
}

export function OrdersTable({
  rows,
  sort,
  onSort,
  selected,
  onSelect,
  expanded,
  onToggleExpanded,
  dialogs,
  busy,
}: OrdersTableProps) {
  const ids = rows.map((row) => row.id);
  const selectedOnPage = ids.filter((id) => selected.has(id)).length;
  const allSelected = ids.length > 0 && selectedOnPage === ids.length;
  return (
    <Table
      aria-busy={busy || undefined}
      className={cn(
        'min-w-[52rem] table-fixed transition-opacity [&_td]:px-2 [&_th]:px-2',
        busy && 'opacity-60',
      )}
    >
      <colgroup>
        <col className="w-9" />
        <col className="w-26" />
        <col />
        <col className="w-32" />
        <col className="w-24" />
        <col className="w-36" />
        <col className="w-42" />
        <col className="w-18" />
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>
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
          </TableHead>
          <SortableHead column="orderId" label="Order ID" sort={sort} onSort={onSort} />
          <TableHead>Customer</TableHead>
          <TableHead>Product</TableHead>
          <SortableHead column="orderDate" label="Date" sort={sort} onSort={onSort} />
          <TableHead>Payment</TableHead>
          <SortableHead column="status" label="Stage" sort={sort} onSort={onSort} />
          <TableHead className={cn('text-right', STICKY_ACTIONS)}>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <Fragment key={row.id}>
            <OrderRow
              row={row}
              selected={selected.has(row.id)}
              onSelect={(value) => onSelect([row.id], value)}
              expanded={expanded.has(row.id)}
              onToggleExpanded={() => onToggleExpanded(row.id)}
              dialogs={dialogs}
            />
            {row.quantity > 1 && expanded.has(row.id) && <UnitRows row={row} dialogs={dialogs} />}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}

function SortableHead({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sort: AdminOrderSort;
  onSort: (sort: AdminOrderSort) => void;
}) {
  const [current, direction] = sort.split(':') as [SortColumn, 'asc' | 'desc'];
  const active = current === column;
  // Dates start newest first; ids and stages start from the beginning.
  const first = column === 'orderDate' ? 'desc' : 'asc';
  const next = active ? (direction === 'asc' ? 'desc' : 'asc') : first;
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        onClick={() => onSort(`${column}:${next}` as AdminOrderSort)}
        className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
        <span className="sr-only">, sort</span>
      </button>
    </TableHead>
  );
}
