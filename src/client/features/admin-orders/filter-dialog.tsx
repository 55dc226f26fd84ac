/**
 * The orders Filter dialog: status (each stage once, several at once), date from and to (the whole 'to' day included, on
 * the server), payment, registration and product name. Nothing applies until Apply.
 */
import { useId, useState } from 'react';
import { STAGE_LABELS, STAGES, type Stage } from '../../../shared/stages.js';
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
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { TextField } from '../../components/ui/text-field';
import type { DialogFilters } from './url-state';

const ANY = 'any';

const PAYMENT_CHOICES = [
  { value: ANY, label: 'Any payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
];
const REGISTRATION_CHOICES = [
  { value: ANY, label: 'Any customer' },
  { value: 'registered', label: 'Registered' },
  { value: 'guest', label: 'Guest' },
];

const EMPTY: DialogFilters = {
  status: undefined,
  dateFrom: undefined,
  dateTo: undefined,
  payment: undefined,
  registration: undefined,
  product: undefined,
};

interface FilterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: DialogFilters;
  onApply: (filters: DialogFilters) => void;
}

export function FilterDialog({ open, onOpenChange, filters, onApply }: FilterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts from the filters in force. */}
        {open && <FilterForm initial={filters} onApply={onApply} close={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function orUndefined<T extends string>(value: string): T | undefined {
  return value === ANY || value === '' ? undefined : (value as T);
}

function FilterForm({
  initial,
  onApply,
  close,
}: {
  initial: DialogFilters;
  onApply: FilterDialogProps['onApply'];
  close: () => void;
}) {
  const [draft, setDraft] = useState<DialogFilters>(initial);
  const dateError =
    draft.dateFrom && draft.dateTo && draft.dateTo < draft.dateFrom
      ? "The 'to' date is before the 'from' date"
      : undefined;
  const set = (patch: Partial<DialogFilters>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (dateError) return;
    onApply({ ...draft, product: draft.product?.trim() || undefined });
    close();
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Filter orders</DialogTitle>
        <DialogDescription>Show only the orders that match every filter you set.</DialogDescription>
      </DialogHeader>

      <StatusChoices value={draft.status ?? []} onChange={(status) => set({ status })} />

      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label="Date from"
          value={draft.dateFrom}
          max={draft.dateTo}
          onChange={(dateFrom) => set({ dateFrom })}
        />
        <DateField
          label="Date to"
          value={draft.dateTo}
          min={draft.dateFrom}
          onChange={(dateTo) => set({ dateTo })}
          hint="Orders placed on this day are included."
          error={dateError}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Payment"
          value={draft.payment ?? ANY}
          onChange={(value) => set({ payment: orUndefined(value) })}
          choices={PAYMENT_CHOICES}
          description="Paid: a transaction ID is recorded."
        />
        <SelectField
          label="Registration"
          value={draft.registration ?? ANY}
          onChange={(value) => set({ registration: orUndefined(value) })}
          choices={REGISTRATION_CHOICES}
          description="Guest: the order has no customer account."
        />
      </div>

      <TextField
        label="Product name"
        placeholder="Any product"
        value={draft.product ?? ''}
        maxLength={200}
        onChange={(event) => set({ product: event.target.value })}
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => setDraft(EMPTY)}>
          Clear filters
        </Button>
        <Button type="submit">Apply filters</Button>
      </DialogFooter>
    </form>
  );
}

/** Each stage once, in stage order, as boxes: none ticked means any status; several mean any of them. */
function StatusChoices({
  value,
  onChange,
}: {
  value: readonly Stage[];
  onChange: (value: Stage[] | undefined) => void;
}) {
  const hintId = useId();
  function toggle(status: Stage, on: boolean) {
    const next = STAGES.filter((choice) => (choice === status ? on : value.includes(choice)));
    onChange(next.length > 0 ? next : undefined);
  }
  return (
    <fieldset className="grid gap-2" aria-describedby={hintId}>
      <legend className="mb-2 font-medium text-sm">Status</legend>
      <p id={hintId} className="-mt-1 text-muted-foreground text-xs">
        {value.length === 0 ? 'Any status. Tick one or more.' : `Any of ${value.length} ticked.`}
      </p>
      {/* Column by column on wider screens (ten stages, five rows), so they read top to bottom in order. */}
      <div className="grid gap-x-4 gap-y-1.5 rounded-md border p-3 sm:grid-flow-col sm:grid-cols-2 sm:grid-rows-5">
        {STAGES.map((status) => (
          <label key={status} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-primary"
              checked={value.includes(status)}
              onChange={(event) => toggle(status, event.target.checked)}
            />
            {STAGE_LABELS[status]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled date input; both dates share it so they line up. */
function DateField({
  label,
  value,
  min,
  max,
  onChange,
  hint,
  error,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
      {note && (
        <p id={`${id}-note`} className={error ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}>
          {note}
        </p>
      )}
    </div>
  );
}
