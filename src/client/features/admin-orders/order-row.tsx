/** One order of the orders table: selection, the units toggle, its columns and its actions. */
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminOrderRow } from '../../../shared/schemas/admin-orders.js';
import { orderName } from '../../../shared/unit-name.js';
import { TableCell, TableRow } from '../../components/ui/table';
import { formatDate } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { CustomerName } from './customer-name';
import { orderPageUrl } from './format';
import type { OrderDialogs } from './order-dialogs';
import { PaymentSummary } from './payment-summary';
import { RowActions } from './row-actions';
import { StageBadge } from './stage-badge';
import { COMPACT, ROW_CHECKBOX, STICKY_ACTIONS } from './table-styles';

export function OrderRow({
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
  const label = orderName(row.orderId);
  const unitsId = `units-of-${row.id}`;
  return (
    <TableRow
      className="group focus-within:bg-muted/50"
      data-order-row={row.id}
      data-state={selected ? 'selected' : undefined}
    >
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
              data-order-link
              className="whitespace-nowrap font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {label}
            </Link>
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
        <PaymentSummary money={row.money} />
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
