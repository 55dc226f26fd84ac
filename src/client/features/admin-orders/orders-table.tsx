/**
 * The orders table: Order ID, Customer (name and e-mail, or 'Guest'), Product, Date, Payment, Stage and
 * Actions, one compact row an order; multi-unit orders expand into unit rows with 'Update Status'; a
 * checkbox per row for the bulk status change. The columns have fixed widths, so expanding an order
 * moves none of them, and the table only scrolls sideways (under the pinned Actions) when its card is
 * narrower than the columns need.
 */

import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronRight,
  Download,
  Eye,
  MoreHorizontal,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatCents, itemLabel, paymentMethodLabel } from '../../../shared/format.js';
import type { AdminOrderRow, AdminOrderSort } from '../../../shared/schemas/admin-orders.js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/dates';
import { toastSuccess } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { useCan } from '../auth/permissions';
import { orderExportUrl, useOrderItems } from './api';
import { CustomerName } from './customer-name';
import { download } from './download';
import { adminOrderLabel, orderPageUrl } from './format';
import type { OrderDialogs } from './order-dialogs';
import { StageBadge } from './stage-badge';

const COLUMN_COUNT = 8;

/** Rows an operator scans by the hundred: little vertical padding. */
const COMPACT = 'py-1.5';

/**
 * The Actions column stays in view at the table's right edge when the table scrolls sideways (phones,
 * long names); it keeps the row's selected colour.
 */
const STICKY_ACTIONS =
  'sticky right-0 bg-card shadow-[inset_1px_0_0_var(--color-border)] group-data-[state=selected]:bg-muted';

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

/** A visible ring on keyboard focus in both themes: the native outline is faint on a dark table. */
export const ROW_CHECKBOX =
  'block size-4 cursor-pointer rounded-sm accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

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

function PaymentCell({ row }: { row: AdminOrderRow }) {
  const amount = formatCents(row.amount);
  const method = paymentMethodLabel(row.paymentMethod);
  return (
    <div className="grid min-w-0 justify-items-start gap-0.5">
      <span className="flex max-w-full items-center gap-1.5">
        {row.transactionId ? (
          <Badge variant="success" className="px-2">
            Paid
          </Badge>
        ) : (
          <Badge variant="outline" className="px-2">
            Unpaid
          </Badge>
        )}
        {amount && (
          <span className="truncate text-xs tabular-nums" title={amount}>
            {amount}
          </span>
        )}
      </span>
      {method && (
        <span className="max-w-full truncate text-muted-foreground text-xs" title={method}>
          {method}
        </span>
      )}
    </div>
  );
}

function OrderRow({
  row,
  selected,
  onSelect,
  expanded,
  onToggleExpanded,
  dialogs,
}: {
  row: AdminOrderRow;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  expanded: boolean;
  onToggleExpanded: () => void;
  dialogs: OrderDialogs;
}) {
  const label = adminOrderLabel(row);
  const unitsId = `units-of-${row.id}`;
  return (
    <TableRow className="group" data-state={selected ? 'selected' : undefined}>
      <TableCell className={COMPACT}>
        <input
          type="checkbox"
          aria-label={`Select order ${label}`}
          className={ROW_CHECKBOX}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </TableCell>
      <TableCell className={COMPACT}>
        <div className="flex min-w-0 items-center gap-1">
          {row.quantity > 1 ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? unitsId : undefined}
              aria-label={`${expanded ? 'Hide' : 'Show'} the ${row.quantity} units of ${label}`}
              onClick={onToggleExpanded}
              className="-ml-1 flex size-7 shrink-0 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ChevronRight
                aria-hidden="true"
                className={cn('size-4 transition-transform', expanded && 'rotate-90')}
              />
            </button>
          ) : (
            <span className="w-6 shrink-0" />
          )}
          <div className="grid min-w-0">
            <Link
              to={orderPageUrl(row.id)}
              className="truncate font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {label}
            </Link>
            {label !== row.orderId && (
              <span className="truncate text-muted-foreground text-xs" title={row.orderId}>
                {row.orderId}
              </span>
            )}
          </div>
        </div>
      </TableCell>
      <TableCell className={COMPACT}>
        <CustomerName email={row.customerEmail} name={row.customerName} />
      </TableCell>
      <TableCell className={COMPACT}>
        <span className="block truncate" title={row.productName}>
          {row.productName}
        </span>
        {row.quantity > 1 && (
          <span className="block text-muted-foreground text-xs">{row.quantity} units</span>
        )}
      </TableCell>
      <TableCell className={cn(COMPACT, 'whitespace-nowrap')}>{formatDate(row.orderDate)}</TableCell>
      <TableCell className={COMPACT}>
        <PaymentCell row={row} />
      </TableCell>
      <TableCell className={COMPACT}>
        <StageBadge stage={row.status} className="max-w-full" />
      </TableCell>
      <TableCell className={cn(COMPACT, 'text-right', STICKY_ACTIONS)}>
        <RowActions row={row} label={label} dialogs={dialogs} />
      </TableCell>
    </TableRow>
  );
}

export function RowActions({
  row,
  label,
  dialogs,
}: {
  row: AdminOrderRow;
  label: string;
  dialogs: OrderDialogs;
}) {
  // The dialogs hand focus back to this button when they close.
  const trigger = useRef<HTMLButtonElement>(null);
  const can = useCan();
  return (
    // Not modal: a modal menu hides the page with aria-hidden while the dialog it opens takes over.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Actions for order ${label}`}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {can('orders.status') && (
          <DropdownMenuItem
            onSelect={() =>
              dialogs.showStatus(
                {
                  kind: 'order',
                  id: row.id,
                  label,
                  productName: row.productName,
                  quantity: row.quantity,
                  status: row.status,
                },
                trigger.current,
              )
            }
          >
            <RefreshCw aria-hidden="true" />
            Change Status
          </DropdownMenuItem>
        )}
        <DropdownMenuItem
          onSelect={() =>
            dialogs.showDetails({ id: row.id, customerEmail: row.customerEmail }, trigger.current)
          }
        >
          <Eye aria-hidden="true" />
          View Details
        </DropdownMenuItem>
        {can('orders.export') && (
          <DropdownMenuItem
            onSelect={() => {
              download(orderExportUrl(row.id));
              toastSuccess('Order exported');
            }}
          >
            <Download aria-hidden="true" />
            Export
          </DropdownMenuItem>
        )}
        {can('orders.delete') && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              variant="destructive"
              onSelect={() =>
                dialogs.showDelete(
                  { id: row.id, label, productName: row.productName, quantity: row.quantity },
                  trigger.current,
                )
              }
            >
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The units of an expanded order, fetched fresh each time (a timestamp parameter defeats caches). */
function UnitRows({ row, dialogs }: { row: AdminOrderRow; dialogs: OrderDialogs }) {
  const items = useOrderItems(row.id, { enabled: true });
  const label = adminOrderLabel(row);
  const unitsId = `units-of-${row.id}`;

  useEffect(() => {
    if (items.isError) {
      toast({
        variant: 'destructive',
        title: 'Error loading items',
        description: 'Could not load individual order items',
      });
    }
  }, [items.isError]);

  if (items.isPending || items.isError) {
    return (
      <TableRow id={unitsId} className="bg-muted/30 hover:bg-muted/30">
        <TableCell colSpan={COLUMN_COUNT} className="text-muted-foreground text-sm">
          {items.isPending ? (
            <span className="inline-flex items-center gap-2 pl-12">
              <Spinner className="size-4" label={null} /> Loading units…
            </span>
          ) : (
            <span className="pl-12">Could not load individual order items</span>
          )}
        </TableCell>
      </TableRow>
    );
  }
  return (
    <>
      {items.data.map((item, index) => (
        <TableRow
          key={item.id}
          id={index === 0 ? unitsId : undefined}
          className="bg-muted/30 hover:bg-muted/40"
          aria-label={`${label} · ${itemLabel(item.itemNumber)}`}
        >
          <TableCell className={COMPACT} />
          <TableCell colSpan={3} className={COMPACT}>
            <span className="block truncate pl-8">
              <span className="font-medium">Item #{item.itemNumber}</span>{' '}
              <span className="text-muted-foreground">· {itemLabel(item.itemNumber)}</span>
            </span>
          </TableCell>
          <TableCell className={cn(COMPACT, 'whitespace-nowrap text-muted-foreground text-xs')} colSpan={2}>
            since {formatDate(item.statusChangedAt)}
          </TableCell>
          <TableCell className={COMPACT}>
            <StageBadge stage={item.status} className="max-w-full" />
          </TableCell>
          <TableCell className={cn(COMPACT, 'text-right', STICKY_ACTIONS)}>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              title="Update Status"
              aria-label={`Update Status of ${label} item #${item.itemNumber}`}
              onClick={() =>
                dialogs.showStatus({
                  kind: 'order',
                  id: row.id,
                  label,
                  productName: row.productName,
                  quantity: row.quantity,
                  status: item.status,
                  itemNumber: item.itemNumber,
                })
              }
            >
              <RefreshCw aria-hidden="true" />
              {/* An icon alone: the Actions column is narrow, and its name says what it does. */}
              <span className="sr-only">Update Status</span>
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}
