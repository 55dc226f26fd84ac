/**
 * The orders list's filters as chips above the table: each filter that is set says what it is set to
 * ("Stage: In Production, Delivered") and has its own remove button; Stage (several at once), Payment
 * and Registration are chosen right from their chip, the dates and the product name in the Filter
 * dialog, which the other chips open.
 */
import { ChevronDown, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { STAGE_LABELS, STAGES, type Stage } from '../../../shared/stages.js';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { formatDate, formatDateRange } from '../../lib/dates';
import { cn } from '../../lib/utils';
import type { DialogFilters } from './url-state';

// A pill on one line; a value too long for the screen (three stages on a phone) wraps onto a second
// line rather than being cut, so every chosen stage stays named (decision 326). The radius is the
// one-line height's half.
const CHIP =
  'inline-flex min-h-8 min-w-0 max-w-full items-center gap-1 rounded-2xl border px-3 py-1 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring';
const UNSET = 'border-dashed text-muted-foreground';
const SET = 'border-primary/50 bg-accent text-accent-foreground';

const PAYMENT = { paid: 'Paid', unpaid: 'Unpaid' } as const;
const REGISTRATION = { registered: 'Registered', guest: 'Guest' } as const;

/** The dates as the chip names them: calendar days, as the filter holds them. */
function dateText(from?: string, to?: string): string | null {
  if (from && to) return formatDateRange(from, to);
  if (from) return `from ${formatDate(from)}`;
  if (to) return `until ${formatDate(to)}`;
  return null;
}

interface FilterChipsProps {
  filters: DialogFilters;
  onChange: (patch: Partial<DialogFilters>) => void;
  /** Opens the Filter dialog (dates and product name). */
  onMore: () => void;
}

export function FilterChips({ filters, onChange, onMore }: FilterChipsProps) {
  const stages = filters.status ?? [];
  const dates = dateText(filters.dateFrom, filters.dateTo);
  // Ticks in the open menu can come faster than the page draws the address they set (a busy phone):
  // each builds on the stages the last tick chose, not on the last ones drawn, or a quick second tick
  // would drop the first. A new address (this menu's or any other) starts again from what it holds
  // (decision 326).
  const drawn = stages.join(',');
  const chosen = useRef({ drawn, stages });
  if (chosen.current.drawn !== drawn) chosen.current = { drawn, stages };
  const toggle = (stage: Stage, on: boolean) => {
    const base = chosen.current.stages;
    const next = STAGES.filter((choice) => (choice === stage ? on : base.includes(choice)));
    chosen.current = { drawn, stages: next };
    onChange({ status: next.length > 0 ? next : undefined });
  };
  const anySet =
    stages.length > 0 || dates || filters.payment || filters.registration || filters.product !== undefined;
  return (
    <section aria-label="Filters" className="-mt-2 flex min-w-0 flex-wrap items-center gap-2">
      <Chip
        name="stage"
        label="Stage"
        value={stages.length > 0 ? stages.map((stage) => STAGE_LABELS[stage]).join(', ') : null}
        onRemove={() => onChange({ status: undefined })}
        menu={
          <>
            <DropdownMenuLabel>Stages (any of those ticked)</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {STAGES.map((stage) => (
              <DropdownMenuCheckboxItem
                key={stage}
                checked={stages.includes(stage)}
                // The menu stays open, so several stages are ticked in one go.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(on) => toggle(stage, on === true)}
              >
                {STAGE_LABELS[stage]}
              </DropdownMenuCheckboxItem>
            ))}
          </>
        }
      />
      <Chip
        name="date"
        label="Date"
        value={dates}
        onRemove={() => onChange({ dateFrom: undefined, dateTo: undefined })}
        onOpen={onMore}
      />
      <Chip
        name="payment"
        label="Payment"
        value={filters.payment ? PAYMENT[filters.payment] : null}
        onRemove={() => onChange({ payment: undefined })}
        menu={
          <DropdownMenuRadioGroup
            value={filters.payment ?? ''}
            onValueChange={(value) => onChange({ payment: value as keyof typeof PAYMENT })}
          >
            {Object.entries(PAYMENT).map(([value, text]) => (
              <DropdownMenuRadioItem key={value} value={value}>
                {text}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        }
      />
      <Chip
        name="registration"
        label="Registration"
        value={filters.registration ? REGISTRATION[filters.registration] : null}
        onRemove={() => onChange({ registration: undefined })}
        menu={
          <DropdownMenuRadioGroup
            value={filters.registration ?? ''}
            onValueChange={(value) => onChange({ registration: value as keyof typeof REGISTRATION })}
          >
            {Object.entries(REGISTRATION).map(([value, text]) => (
              <DropdownMenuRadioItem key={value} value={value}>
                {text}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        }
      />
      <Chip
        name="product"
        label="Product"
        value={filters.product ? `“${filters.product}”` : null}
        onRemove={() => onChange({ product: undefined })}
        onOpen={onMore}
      />
      {anySet && (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() =>
            onChange({
              status: undefined,
              dateFrom: undefined,
              dateTo: undefined,
              payment: undefined,
              registration: undefined,
              product: undefined,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </section>
  );
}

/**
 * One filter's chip: "Payment" (dashed) until it is set, then "Payment: Paid" with a remove button.
 * A menu chip chooses in place; the others open the Filter dialog.
 */
function Chip({
  name,
  label,
  value,
  onRemove,
  menu,
  onOpen,
}: {
  name: string;
  label: string;
  value: string | null;
  onRemove: () => void;
  menu?: ReactNode;
  onOpen?: () => void;
}) {
  const text = (
    <>
      {/* One run of text, so the label and its value read (and wrap) as one. */}
      <span className="min-w-0 break-words">
        {value ? (
          <>
            <span className="font-medium">{label}:</span> {value}
          </>
        ) : (
          label
        )}
      </span>
    </>
  );
  const button = menu ? (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(CHIP, value ? SET : UNSET, value && 'rounded-r-none border-r-0 pr-2')}
        data-filter-chip={name}
      >
        {text}
        <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 opacity-60" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-56">
        {menu}
      </DropdownMenuContent>
    </DropdownMenu>
  ) : (
    <button
      type="button"
      className={cn(CHIP, value ? SET : UNSET, value && 'rounded-r-none border-r-0 pr-2')}
      data-filter-chip={name}
      onClick={onOpen}
    >
      {text}
    </button>
  );
  return (
    <span className="flex min-w-0 max-w-full">
      {button}
      {value && (
        <button
          type="button"
          aria-label={`Remove the ${label.toLowerCase()} filter`}
          className={cn(CHIP, SET, 'shrink-0 rounded-l-none px-2')}
          onClick={onRemove}
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </span>
  );
}
