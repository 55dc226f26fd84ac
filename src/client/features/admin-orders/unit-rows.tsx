import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import type { AdminOrderRow } from '../../../shared/schemas/admin-orders.js';
import { orderName, unitName } from '../../../shared/unit-name.js';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { useOrderItems } from './api';
import type { OrderDialogs } from './order-dialogs';
import { StageBadge } from './stage-badge';
import { COLUMN_COUNT, COMPACT, STICKY_ACTIONS } from './table-styles';

/** The units of an expanded order, fetched when it is expanded. */
export function UnitRows({ row, dialogs }: { row: AdminOrderRow; dialogs: OrderDialogs }) {
  const items = useOrderItems(row.id, { enabled: true });
  const label = orderName(row.orderId);
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
          aria-label={unitName(row.orderId, item.itemNumber)}
        >
          <TableCell className={COMPACT} />
          <TableCell colSpan={3} className={COMPACT}>
            <span className="block truncate pl-8">
              <span className="font-medium">{unitName(row.orderId, item.itemNumber)}</span>
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
              aria-label={`Update Status of ${unitName(row.orderId, item.itemNumber)}`}
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
