import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { createQueueRunner, type QueueBatch, type QueueRunner } from './queue.js';

/** The two durable queues' senders: notification e-mail and automation webhooks. */
export interface OutboxWorkers {
  mail: QueueRunner;
  webhooks: QueueRunner;
  /** Sends everything due now on both queues (tests, and a kick after a change). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorkers;
  }
}

/**
 * Starts both senders when the app is ready and stops them (waiting for a pass in progress) when it
 * closes. Every instance runs them; SKIP LOCKED claims keep two instances from sending a row twice.
 */
export function registerOutboxWorkers(
  app: FastifyInstance,
  deps: {
    clock: Clock;
    pollMs: number;
    /** One pass of each queue's sender. */
    senders: { mail: () => Promise<QueueBatch>; webhooks: () => Promise<QueueBatch> };
  },
): OutboxWorkers {
  const { clock, pollMs, senders } = deps;
  const log = app.log;
  const now = () => clock.now();
  const mail = createQueueRunner({ name: 'mail', pollMs, log, now, pass: senders.mail });
  const webhooks = createQueueRunner({ name: 'webhooks', pollMs, log, now, pass: senders.webhooks });
  const workers: OutboxWorkers = {
    mail,
    webhooks,
    async drain() {
      await Promise.all([mail.drain(), webhooks.drain()]);
    },
  };
  app.decorate('outbox', workers);
  app.addHook('onReady', async () => {
    mail.start();
    webhooks.start();
  });
  // A change made by a request is sent right after it rather than at the next poll; the poll stays
  // the guarantee (changes made outside requests, retries, other instances).
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      mail.kick();
      webhooks.kick();
    }
    done();
  });
  // preClose: before the mailer and the database go away.
  app.addHook('preClose', async () => {
    await Promise.all([mail.stop(), webhooks.stop()]);
  });
  return workers;
}
