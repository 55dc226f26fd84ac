/**
 * Change Status: one of the nine stages an admin sets for every unit of an order or for one unit chosen
 * by number; or for every unit of several selected orders at once. The stage the dialog opens on is
 * always a choice, Documents Pending included, so it can be kept.
 */
import { useId, useState } from 'react';
import { counted } from '../../../shared/plural.js';
import type { StatusChangeResult } from '../../../shared/schemas/admin-orders.js';
import { ADMIN_STAGES, STAGE_LABELS, STAGES, type Stage } from '../../../shared/stages.js';
import { unitName } from '../../../shared/unit-name.js';
import { SelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useBulkStatus, useUpdateOrderStatus } from './api';
import { focusOnClose } from './focus';

export type StatusTarget =
  | {
      kind: 'order';
      id: number;
      /** The order's name (orderName), which also names its units here. */
      label: string;
      productName: string;
      quantity: number;
      /** The stage the dialog starts on: the unit's when one is named, else the order's. */
      status: Stage;
      /** Set when the dialog was opened from a unit row ('Update Status'). */
      itemNumber?: number;
    }
  | { kind: 'bulk'; ids: readonly number[] };

/**
 * The stages offered, in stage order, by label: the ones an admin sets, and the stage the unit or order
 * is at when that is not one of them (Documents Pending), so the dialog never opens on an empty choice.
 */
export function stageChoices(current?: Stage): { value: Stage; label: string }[] {
  return STAGES.filter((stage) => ADMIN_STAGES.includes(stage) || stage === current).map((stage) => ({
    value: stage,
    label: STAGE_LABELS[stage],
  }));
}

function failed(error: unknown) {
  toastError('Error updating status', error, GENERIC_ERROR);
}

/** Said instead of 'updated' when every unit was already at the chosen stage. */
function unchanged(status: Stage) {
  toastSuccess('No change', `Already at ${STAGE_LABELS[status]}`);
}

interface StatusDialogProps {
  target: StatusTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a successful change (the bulk bar clears its selection). */
  onChanged?: (result: StatusChangeResult) => void;
  returnFocus?: HTMLElement | null;
}

export function StatusDialog({
  target,
  open,
  onOpenChange,
  onChanged,
  returnFocus = null,
}: StatusDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={focusOnClose(returnFocus)}>
        {target && (
          <StatusForm
            // A fresh form, with the target's own starting values, each time the dialog opens.
            key={target.kind === 'bulk' ? `bulk-${target.ids.join()}` : `${target.id}-${target.itemNumber}`}
            target={target}
            close={() => onOpenChange(false)}
            onChanged={onChanged}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

type Scope = 'all' | 'individual';

function StatusForm({
  target,
  close,
  onChanged,
}: {
  target: StatusTarget;
  close: () => void;
  onChanged: StatusDialogProps['onChanged'];
}) {
  const updateStatus = useUpdateOrderStatus();
  const bulkStatus = useBulkStatus();
  const isOrder = target.kind === 'order';
  const [stage, setStage] = useState<string | undefined>(isOrder ? target.status : undefined);
  const [scope, setScope] = useState<Scope>(isOrder && target.itemNumber ? 'individual' : 'all');
  const [itemNumber, setItemNumber] = useState<string | undefined>(
    isOrder && target.itemNumber ? String(target.itemNumber) : undefined,
  );
  const scopeId = useId();
  const pending = updateStatus.isPending || bulkStatus.isPending;
  const multiUnit = isOrder && target.quantity > 1;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!stage) return;
    const status = stage as Stage;
    if (target.kind === 'bulk') {
      bulkStatus.mutate(
        { orderIds: [...target.ids], status },
        {
          onSuccess: (result) => {
            if (result.updatedItems === 0) unchanged(status);
            else
              toast({
                variant: 'success',
                title: 'Order status updated',
                description: `${counted(target.ids.length, 'order', 'orders')} set to ${STAGE_LABELS[status]}`,
              });
            onChanged?.(result);
            close();
          },
          onError: failed,
        },
      );
      return;
    }
    const individual = multiUnit && scope === 'individual';
    if (individual && !itemNumber) {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: 'Please select an item to update or choose to update all items',
      });
      return;
    }
    const patch = individual ? { status, itemNumber: Number(itemNumber) } : { status };
    updateStatus.mutate(
      { id: target.id, patch },
      {
        onSuccess: (result) => {
          if (result.updatedItems === 0) unchanged(status);
          else toastSuccess(individual ? 'Item status updated' : 'Order status updated');
          onChanged?.(result);
          close();
        },
        onError: failed,
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>
          {target.kind === 'bulk' ? 'Change status of selected orders' : 'Change Status'}
        </DialogTitle>
        <DialogDescription>
          {target.kind === 'bulk'
            ? `Every unit of the ${counted(target.ids.length, 'selected order', 'selected orders')} moves to the stage you choose.`
            : `${target.label} · ${target.productName}`}
        </DialogDescription>
      </DialogHeader>

      <SelectField
        label="New status"
        value={stage}
        onChange={setStage}
        choices={stageChoices(isOrder ? target.status : undefined)}
        placeholder="Choose a stage"
      />

      {multiUnit && (
        <fieldset className="grid gap-3">
          <legend id={scopeId} className="mb-2 font-medium text-sm">
            Apply to
          </legend>
          <RadioGroup
            aria-labelledby={scopeId}
            value={scope}
            onValueChange={(value) => setScope(value as Scope)}
            className="flex flex-wrap gap-x-6 gap-y-2"
          >
            <ScopeOption value="all" label={`All items (${target.quantity})`} />
            <ScopeOption value="individual" label="Individual item" />
          </RadioGroup>
          {scope === 'individual' && (
            <div className="mt-1">
              <SelectField
                label="Item"
                value={itemNumber}
                onChange={setItemNumber}
                placeholder="Select an item"
                choices={Array.from({ length: target.quantity }, (_, index) => ({
                  value: String(index + 1),
                  label: unitName(target.label, index + 1),
                }))}
              />
            </div>
          )}
        </fieldset>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={!stage}>
          Update Status
        </Button>
      </DialogFooter>
    </form>
  );
}

function ScopeOption({ value, label }: { value: Scope; label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} />
      <Label htmlFor={id} className="cursor-pointer font-normal">
        {label}
      </Label>
    </div>
  );
}
