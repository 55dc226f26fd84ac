import type { Executor } from '../db/client.js';

type EventOf<E extends { type: string }, T extends E['type']> = Extract<E, { type: T }>;

/** Runs inside the publisher's transaction: what it writes commits or rolls back with the change. */
export type EventHandler<E> = (tx: Executor, event: E) => Promise<void>;

export interface EventBus<E extends { type: string }> {
  subscribe<T extends E['type']>(type: T, handler: EventHandler<EventOf<E, T>>): void;
  publish(tx: Executor, event: E): Promise<void>;
}

/**
 * A typed, in-process event bus. Handlers run one after another in the publisher's transaction, in
 * the order they subscribed, so a listener's queue rows and NOTIFYs take effect exactly when the
 * change commits and never when it rolls back. A failing handler fails the change.
 */
export function createEventBus<E extends { type: string }>(): EventBus<E> {
  const handlers = new Map<string, EventHandler<E>[]>();
  return {
    subscribe(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler as EventHandler<E>);
      handlers.set(type, list);
    },
    async publish(tx, event) {
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event);
    },
  };
}
