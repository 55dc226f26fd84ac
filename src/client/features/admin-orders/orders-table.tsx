/**
 * The orders table: Order ID, Customer (name and e-mail, or 'Guest'), Product, Date, Payment, Stage and
 * Actions, one compact row an order; multi-unit orders expand into unit rows with 'Update Status'; a
 * checkbox per row for the bulk status change. The columns have fixed widths, so expanding an order
 * moves none of them, and the table only scrolls sideways (under the pinned Actions) when its card is
 * narrower than the columns need. The Order ID column fits the longest ID of the page, whole.
 */

import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
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
  const idColumn = useIdColumnWidth(rows);
  const selectedOnPage = ids.filter((id) => selected.has(id)).length;
  const allSelected = ids.length > 0 && selectedOnPage === ids.length;
  return (
    <Table
      ref={idColumn.table}
      aria-busy={busy || undefined}
      // The other columns and a readable Customer column beside the Order ID, however long the IDs.
      style={{ minWidth: `calc(${idColumn.width} + 46.5rem)` }}
      className={cn('table-fixed transition-opacity [&_td]:px-2 [&_th]:px-2', busy && 'opacity-60')}
    >
      <colgroup>
        <col className="w-9" />
        <col style={{ width: idColumn.width }} />
        <col />
        <col className="w-32" />
        <col className="w-24" />
        <col className="w-36" />
        <col className="w-42" />
        <col className="w-22" />
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

/** The units toggle (1.75 rem), the gap after it (0.25 rem) and the cell's padding (1 rem). */
const ID_CELL_EXTRA_PX = 28 + 4 + 16;
/** Room for the header, 'Order ID' and its sort arrow. */
const ID_COLUMN_MIN_PX = 104;

/**
 * The Order ID column is as wide as the longest ID on the page, so no ID is ever cut: the IDs are
 * measured as drawn, before the page is painted; until then (and for a test without layout) it is
 * estimated from the number of characters.
 */
function useIdColumnWidth(rows: readonly AdminOrderRow[]) {
  const table = useRef<HTMLTableElement>(null);
  const longest = rows.reduce((max, row) => Math.max(max, row.orderId.length), 0);
  const [measured, setMeasured] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows are what changes the IDs drawn.
  useLayoutEffect(() => {
    let widest = 0;
    for (const link of table.current?.querySelectorAll<HTMLElement>('[data-order-link]') ?? []) {
      widest = Math.max(widest, link.scrollWidth);
    }
    setMeasured(widest > 0 ? Math.max(ID_COLUMN_MIN_PX, Math.ceil(widest) + ID_CELL_EXTRA_PX + 2) : null);
  }, [rows]);
  return {
    table,
    width: measured === null ? `calc(${Math.max(longest, 6)}ch + 3.5rem)` : `${measured}px`,
  };
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
