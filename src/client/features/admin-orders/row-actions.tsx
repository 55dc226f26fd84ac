/** An order's Actions menu (Change Status, View Details, Export, Delete), in a table row or a card. */
import { Download, Eye, MoreHorizontal, RefreshCw, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { AdminOrderRow } from '../../../shared/schemas/admin-orders.js';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { toastSuccess } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { orderExportUrl } from './api';
import { download } from './download';
import type { OrderDialogs } from './order-dialogs';

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
