/**
 * How the Logs tab reads an event: its data is an object or a JSON string; data that cannot be parsed
 * is shown with the error 'Failed to parse data' and status Error; an event with status 'error' or an
 * error field is an Error.
 */
import type { WebhookEventDto } from '../../../shared/schemas/webhook-events.js';
import { formatDateTime } from '../../lib/dates';

export type LogStatusLabel = 'Success' | 'Warning' | 'Error';

export const PARSE_ERROR = 'Failed to parse data';

export interface EventView {
  status: LogStatusLabel;
  /** The data, parsed when it arrived as a JSON string; undefined when it could not be parsed. */
  data: unknown;
  error: string | null;
}

export function viewEvent(event: Pick<WebhookEventDto, 'data' | 'status' | 'error'>): EventView {
  let data = event.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return { status: 'Error', data: undefined, error: PARSE_ERROR };
    }
  }
  // A duplicate delivery is a warning: its error field only says why.
  if (event.status === 'warning') return { status: 'Warning', data, error: event.error };
  if (event.status === 'error' || event.error) return { status: 'Error', data, error: event.error };
  return { status: 'Success', data, error: null };
}

/** Pretty-printed JSON for the detail dialog. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** The order an event names: the id the sender used, else the internal id. */
export function eventOrderId(event: Pick<WebhookEventDto, 'externalOrderId' | 'orderId'>): string {
  if (event.externalOrderId) return event.externalOrderId;
  return event.orderId === null ? '—' : String(event.orderId);
}

export function formatTimestamp(iso: string): string {
  return formatDateTime(iso) || iso;
}
