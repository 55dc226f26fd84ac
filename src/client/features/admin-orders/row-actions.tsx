/**
 * An order's actions in a table row or a card: "Move to <next stage>" in one click (with Undo), and the
 * Actions menu (Change Status, View Details, Export, Delete).
 */
import { ChevronsRight, Download, Eye, MoreHorizontal, RefreshCw, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { AdminOrderRow } from '../../../shared/schemas/admin-orders.js';
import { nextStage, STAGE_LABELS } from '../../../shared/stages.js';
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
import { useMoveToNextStage } from './next-stage';
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
  const can = useCan();
  const move = useMoveToNextStage();
  const next = can('orders.status') ? nextStage(row.status) : null;
  return (
    <div className="flex items-center justify-end gap-1">
      {next ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${label} to ${STAGE_LABELS[next]}`}
          title={`Move to ${STAGE_LABELS[next]}`}
          onClick={() => void move({ id: row.id, label, status: row.status })}
        >
          <ChevronsRight aria-hidden="true" />
        </Button>
      ) : (
        // Keeps the menu buttons in one column down the table.
        <span className="size-8" />
      )}
      <RowMenu row={row} label={label} dialogs={dialogs} />
    </div>
  );
}

function RowMenu({ row, label, dialogs }: { row: AdminOrderRow; label: string; dialogs: OrderDialogs }) {
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
