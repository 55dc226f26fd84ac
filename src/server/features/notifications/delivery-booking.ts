import ical, { ICalCalendarMethod } from 'ical-generator';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/locales.js';
import { changeableUntil, dayStart } from '../../../shared/schemas/delivery-booking.js';
import type { Executor } from '../../db/client.js';
import { mailLongDay, mailText, mailUnitName, recipientLocale } from '../../mail/i18n.js';
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

/** 'Delivery of Tiny Home (VH1042 · Unit 2)': the mail's and the calendar event's name. */
export function deliverySummary(
  notice: Pick<DeliveryBookingNotice, 'productName' | 'orderNumber' | 'itemNumber'>,
  locale: Locale = 'en',
) {
  return mailText(locale, 'booking.summary', {
    product: notice.productName,
    unit: mailUnitName(notice.orderNumber, notice.itemNumber, locale),
  });
}

/** An all-day event on the booked day, as an iCalendar invitation. */
function invitation(notice: DeliveryBookingNotice, summary: string, now: Date, locale: Locale): string {
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
    description: mailText(locale, 'booking.event', {
      unit: mailUnitName(notice.orderNumber, notice.itemNumber, locale),
    }),
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
  const locale = await recipientLocale(tx, notice.to);
  const summary = deliverySummary(notice, locale);
  const deadline = changeableUntil(notice.day);
  const mail = deliveryBookingMail({
    to: notice.to,
    locale,
    orderId: notice.orderId,
    summary,
    dayLabel: mailLongDay(notice.day, locale),
    moved: notice.moved,
    changeableUntil: mailText(locale, 'booking.deadline', {
      time: deadline.toISOString().slice(11, 16),
      day: mailLongDay(deadline.toISOString().slice(0, 10), locale),
    }),
  });
  await enqueueMail(
    tx,
    {
      ...mail,
      attachments: [
        {
          filename: 'delivery.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          content: invitation(notice, summary, now, locale),
        },
      ],
      kind: 'delivery-booking',
      dedupeKey: `delivery-booking:${notice.bookingId}:${notice.revision}:${notice.day}`,
    },
    now,
  );
}
