import { ChevronDown, CircleCheck, Info, MessageSquare } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPaidStatus, type OrderDto, type OrderItemDto } from '../../../shared/schemas/orders.js';
import { canBookDelivery } from '../../../shared/stages.js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useNames } from '../../lib/names';
import { useStageText } from '../../lib/stage-text';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/utils';
import { UnitDocuments } from '../conversations/unit-documents';
import { useUnitDeliverySlots } from '../delivery-booking/api';
import { DeliveryDayBooking } from '../delivery-booking/delivery-day-booking';
import { UnitFinancing } from '../financing/unit-financing';
import { DeliveryEstimateNote } from '../forecast/delivery-estimate';
import { useOrderEvents } from './api';
import { CorrectionNote } from './correction-note';
import { resolveUnit, unitCount } from './item-status';
import { StageTimeline } from './stage-timeline';
import { UnitActionControl } from './unit-action-control';
import { ACTION_KEYS, latestCorrection, stepReachedDates, unitBorderClass, unitHints } from './unit-stage';

interface UnitCardProps {
  order: OrderDto;
  itemNumber: number;
  /** GET /api/orders/:id/items where the page fetched it; the first source of the unit's status. */
  fetchedItems?: readonly OrderItemDto[];
  defaultExpanded?: boolean;
  /** Heading level of the card's title in the page's outline. */
  headingLevel?: 2 | 3;
  onViewDetails: () => void;
  /** Where the order's conversation is on this page; elsewhere the link opens the order page's. */
  onAsk?: () => void;
  /** A link named this unit (task-link.ts): the card scrolls into view and, for a task, opens it. */
  arrival?: { openTask: boolean } | undefined;
  /** Called once the arrival is handled. */
  onArrived?: () => void;
}

/** One unit of an order on My Orders: its stage, action, and timeline when expanded. */
export function UnitCard({
  order,
  itemNumber,
  fetchedItems,
  defaultExpanded = false,
  headingLevel = 2,
  onViewDetails,
  onAsk,
  arrival,
  onArrived,
}: UnitCardProps) {
  const { t } = useTranslation('orders');
  const stages = useStageText();
  const { date: formatDate } = useFormat();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const events = useOrderEvents(order.id, { enabled: expanded });
  const unit = resolveUnit(order, itemNumber, { fetchedItems, events: events.data });
  const correction = latestCorrection(events.data ?? [], { itemNumber, itemId: unit.item?.id });
  const total = unitCount(order);
  const multiItem = total > 1;
  const label = useNames().unit(order.orderId, itemNumber);
  const bookingShown = Boolean(expanded && unit.item && canBookDelivery(unit.status));
  const bookedDay = useUnitDeliverySlots(unit.item?.id ?? 0, { enabled: bookingShown }).data?.booking?.date;
  // The booking panel already names a booked day; the hint would repeat it in other words.
  const hints = unitHints(unit).filter(
    (hint) => !(bookingShown && hint.key === 'expectedDelivery' && hint.date.slice(0, 10) === bookedDay),
  );
  const panelId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cardRef = useRef<HTMLElement>(null);
  // The task's dialog opens from the action control's own effect, which runs before this one.
  useEffect(() => {
    if (!arrival) return;
    cardRef.current?.scrollIntoView({ block: 'start' });
    onArrived?.();
  }, [arrival, onArrived]);

  return (
    <article
      ref={cardRef}
      data-multi-item={multiItem}
      data-status={unit.status}
      className={cn(
        // scroll-mt: clear of the phone's sticky top bar when a link scrolls the card into view.
        'scroll-mt-16 rounded-xl border border-l-4 bg-card text-card-foreground shadow-sm',
        unitBorderClass(unit.status),
      )}
    >
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <Heading className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded((open) => !open)}
            className="group flex w-full items-start gap-3 rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
          >
            <ChevronDown
              aria-hidden="true"
              className={cn(
                'mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform',
                expanded && 'rotate-180',
              )}
            />
            <span className="grid min-w-0 gap-1">
              <span className="font-semibold group-hover:underline">{label}</span>
              <span className="text-muted-foreground text-sm">
                {order.productName}
                {multiItem && ` · ${t('unit.itemOf', { number: itemNumber, total })}`}
              </span>
              <span className="flex flex-wrap gap-1.5">
                <Badge variant="outline">{stages.label(unit.status)}</Badge>
                {stages.hint(unit.status, unit.stageData) && (
                  <span className="text-muted-foreground text-xs">
                    {stages.hint(unit.status, unit.stageData)}
                  </span>
                )}
                {/* Past the payment stage the action is gone; the paid deposit still shows. */}
                {unit.status !== 'FINANCING_PAYMENT' && isPaidStatus(unit.stageData.paymentStatus) && (
                  <Badge variant="outline" className="border-success/50 text-success">
                    <CircleCheck aria-hidden="true" className="size-3.5" />
                    {t(ACTION_KEYS.paid)}
                  </Badge>
                )}
              </span>
            </span>
          </button>
        </Heading>
        {/* On phones the buttons share the row, or take a full row each when they do not fit. */}
        <div className="flex flex-wrap items-center gap-2 pl-8 *:flex-1 sm:pl-0 sm:*:flex-none">
          <UnitActionControl order={order} unit={unit} label={label} openTask={arrival?.openTask ?? false} />
          <UnitFinancing orderId={order.id} unit={unit} unitLabel={label} />
          <Button variant="outline" size="sm" onClick={onViewDetails}>
            {t('unit.viewDetails')}
          </Button>
        </div>
      </div>
      {/* A known delivery date (booked or set by staff) replaces the window; the hints below show it. */}
      {unit.item?.estimate && unit.status !== 'DELIVERED' && !unit.deliveryDate && (
        <DeliveryEstimateNote estimate={unit.item.estimate} className="px-4 pb-4 sm:pl-12" />
      )}
      <div id={panelId} hidden={!expanded} className="grid gap-4 border-t p-4">
        <StageTimeline
          status={unit.status}
          reachedAt={stepReachedDates(
            events.data ?? [],
            { itemNumber, itemId: unit.item?.id },
            order.orderDate,
          )}
        />
        {correction && <CorrectionNote correction={correction} />}
        {bookingShown && unit.item && <DeliveryDayBooking itemId={unit.item.id} unitLabel={label} />}
        {expanded && unit.item && (
          <UnitDocuments
            itemId={unit.item.id}
            final={unit.status === 'FINAL_DOCUMENTS' || unit.status === 'DELIVERED'}
          />
        )}
        {onAsk ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto max-w-full justify-self-start whitespace-normal p-0 text-left"
            onClick={onAsk}
          >
            <MessageSquare aria-hidden="true" />
            {t('conversations:askAbout', { unit: label })}
          </Button>
        ) : (
          <Link
            to={`/orders/${order.id}#conversation`}
            className="inline-flex items-center gap-2 justify-self-start font-medium text-primary text-sm underline-offset-4 hover:underline"
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('conversations:askAbout', { unit: label })}
          </Link>
        )}
        {hints.length > 0 && (
          <ul className="grid gap-1.5">
            {hints.map((hint) => (
              <li key={hint.key} className="flex items-center gap-2 text-muted-foreground text-sm">
                <Info aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {hint.key === 'expectedDelivery'
                  ? t('hints.expectedDelivery', { date: formatDate(hint.date) })
                  : t(`hints.${hint.key}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
