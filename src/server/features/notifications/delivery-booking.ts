import ical, { ICalCalendarMethod } from 'ical-generator';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import { itemLabel } from '../../../shared/format.js';
import { changeableUntil, dayStart } from '../../../shared/schemas/delivery-booking.js';
import type { Executor } from '../../db/client.js';
import { deliveryBookingMail } from '../../mail/templates.js';
import { enqueueMail } from './outbox.js';

export interface DeliveryBookingNotice {
  to: string;
  orderId: number;
  orderNumber: string;
  productName: string;
  itemNumber: number;
  /** The booking's id: the invitation's identity, so a moved day replaces the first in calendars. */
  bookingId: number;
  /** How many times the day was set (0 for the first booking): the invitation's SEQUENCE. */
  revision: number;
  day: string;
  moved: boolean;
}

/** 'Delivery of Tiny Home (VH1042 · VH (02))': the mail's and the calendar event's name. */
export function deliverySummary(
  notice: Pick<DeliveryBookingNotice, 'productName' | 'orderNumber' | 'itemNumber'>,
) {
  return `Delivery of ${notice.productName} (${notice.orderNumber} · ${itemLabel(notice.itemNumber)})`;
}

const longDay = (day: string) =>
  dayStart(day).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** An all-day event on the booked day, as an iCalendar invitation. */
function invitation(notice: DeliveryBookingNotice, summary: string, now: Date): string {
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'Delivery booking' },
    method: ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `delivery-booking-${notice.bookingId}@orderflow`,
    sequence: notice.revision,
    stamp: now,
    start: dayStart(notice.day),
    allDay: true,
    summary,
    description: `Order ${notice.orderNumber}, ${itemLabel(notice.itemNumber)}.`,
  });
  return calendar.toString();
}

/**
 * Queues the customer's confirmation of a booked or moved delivery day with its calendar invitation,
 * in the booking's transaction. It is sent whatever the notification toggles say: it answers the
 * customer's own action.
 */
export async function enqueueDeliveryBookingMail(
  tx: Executor,
  notice: DeliveryBookingNotice,
  now: Date,
): Promise<void> {
  const summary = deliverySummary(notice);
  const deadline = changeableUntil(notice.day);
  const mail = deliveryBookingMail({
    to: notice.to,
    orderId: notice.orderId,
    summary,
    dayLabel: longDay(notice.day),
    moved: notice.moved,
    changeableUntil: `${deadline.toISOString().slice(11, 16)} UTC on ${longDay(deadline.toISOString().slice(0, 10))}`,
  });
  await enqueueMail(
    tx,
    {
      ...mail,
      attachments: [
        {
          filename: 'delivery.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          content: invitation(notice, summary, now),
        },
      ],
      kind: 'delivery-booking',
      dedupeKey: `delivery-booking:${notice.bookingId}:${notice.revision}:${notice.day}`,
    },
    now,
  );
}
