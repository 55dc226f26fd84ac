import { eq } from 'drizzle-orm';
import { plural } from '../../../shared/plural.js';
import { type LocationUpdate, parseZipCodes } from '../../../shared/schemas/service-areas.js';
import type { Db, Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { type OrderWriter, placedOrderIdsInZipCodes } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import { serviceAreasErrors } from './errors.js';

const ZIP_KEY = 'enabledZipCodes';

export type ServiceAreaService = ReturnType<typeof createServiceAreaService>;

/**
 * The enabled ZIP codes (settings key `enabledZipCodes`, category `serviceareas`) and the one rule tied
 * to them: a code that becomes enabled, and every revalidation, moves the units still at
 * ORDER_PLACED in orders with that code to LOCATION_ENABLED, forward only, in the same transaction
 * as the list change.
 */
export function createServiceAreaService({
  db,
  clock,
  settings: settingsService,
  orders: writer,
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  orders: OrderWriter;
}) {
  /**
   * Reads the list with its row locked for the rest of the transaction, so two admins adding codes at
   * once queue up instead of one overwriting the other's addition.
   */
  async function lockedList(tx: Executor): Promise<string[]> {
    await tx
      .insert(settings)
      .values({ key: ZIP_KEY, value: [], category: 'serviceareas', updatedAt: clock.now() })
      .onConflictDoNothing({ target: settings.key });
    await tx.select({ id: settings.id }).from(settings).where(eq(settings.key, ZIP_KEY)).for('update');
    return (await settingsService.read('serviceareas', tx)).enabledZipCodes;
  }

  async function writeList(tx: Executor, codes: string[]) {
    await settingsService.save('serviceareas', { enabledZipCodes: codes }, tx);
  }

  /**
   * Moves every ORDER_PLACED unit of the orders in these ZIP codes to LOCATION_ENABLED. One query finds
   * the orders: an order has an ORDER_PLACED unit exactly when its own status (the least advanced of
   * its units) is ORDER_PLACED, so the status index narrows the search; a stored ZIP+4 ('78701-1234')
   * counts as its five-digit code. Each order then goes through the one status function.
   */
  async function enableLocations(
    tx: Executor,
    codes: readonly string[],
    {
      onlyOrderIds,
      notifyCustomer = true,
    }: { onlyOrderIds?: readonly number[]; notifyCustomer?: boolean } = {},
  ): Promise<LocationUpdate> {
    if (codes.length === 0 || onlyOrderIds?.length === 0) return { updatedOrders: 0, updatedItems: 0 };
    const affected = await placedOrderIdsInZipCodes(tx, codes, onlyOrderIds);
    const now = clock.now();
    let updatedOrders = 0;
    let updatedItems = 0;
    for (const id of affected) {
      const { changed } = await writer.changeStatus(
        tx,
        {
          orderId: id,
          to: 'LOCATION_ENABLED',
          rule: 'forward',
          onlyFrom: ['ORDER_PLACED'],
          actor: { kind: 'system' },
          notifyCustomer,
        },
        now,
      );
      if (changed.length > 0) {
        updatedOrders += 1;
        updatedItems += changed.length;
      }
    }
    return { updatedOrders, updatedItems };
  }

  return {
    async list(): Promise<string[]> {
      return (await settingsService.read('serviceareas')).enabledZipCodes;
    },

    /**
     * Adds the codes of the field's raw text. Any invalid piece refuses the whole input, naming each;
     * codes already enabled are skipped. The list and the unit moves commit together.
     */
    async add(raw: string, actor: AuditActor) {
      const { valid, invalid } = parseZipCodes(raw);
      if (invalid.length > 0) {
        const message = `Invalid ZIP ${plural(invalid.length, 'code', 'codes')}: ${invalid.join(', ')}`;
        throw serviceAreasErrors.INVALID_ZIP_CODE(message, { fields: { zipCode: message } });
      }
      if (valid.length === 0) {
        throw serviceAreasErrors.ZIP_CODE_REQUIRED('Enter a ZIP code', {
          fields: { zipCode: 'Enter a ZIP code' },
        });
      }
      return db.transaction(async (tx) => {
        const current = await lockedList(tx);
        const added = valid.filter((code) => !current.includes(code));
        const enabledZipCodes = [...current, ...added];
        if (added.length > 0) await writeList(tx, enabledZipCodes);
        const update = await enableLocations(tx, added);
        if (added.length > 0) {
          await recordAudit(tx, {
            actor,
            action: 'service_area.added',
            target: { type: 'service_area', id: added.join(',') },
            changes: { zipCodes: added, ...update },
          });
        }
        return { added, enabledZipCodes, ...update };
      });
    },

    /**
     * For code that creates orders (webhooks, import): moves the ORDER_PLACED units of these orders
     * to LOCATION_ENABLED when their ZIP code is already enabled, in the caller's transaction.
     * notifyCustomer false keeps the owners' stage-change mail back (an import without
     * sendNotification).
     */
    async unlockOrders(
      tx: Executor,
      orderIds: readonly number[],
      options: { notifyCustomer?: boolean } = {},
    ): Promise<LocationUpdate> {
      const enabled = (await settingsService.read('serviceareas', tx)).enabledZipCodes;
      return enableLocations(tx, enabled, { onlyOrderIds: orderIds, notifyCustomer: options.notifyCustomer });
    },

    /**
     * Adds already-validated five-digit codes in the caller's transaction (location webhooks, global
     * and bulk) and unlocks the orders in them, as an admin's add would.
     */
    async enableCodes(tx: Executor, codes: readonly string[]) {
      const current = await lockedList(tx);
      const added = [...new Set(codes)].filter((code) => !current.includes(code));
      const enabledZipCodes = [...current, ...added];
      if (added.length > 0) await writeList(tx, enabledZipCodes);
      const update = await enableLocations(tx, added);
      return { added, enabledZipCodes, ...update };
    },

    /** Units already moved stay where they are: the system only moves forward. */
    async remove(zipCode: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const current = await lockedList(tx);
        if (!current.includes(zipCode))
          throw serviceAreasErrors.ZIP_CODE_NOT_ENABLED(`ZIP code ${zipCode} is not enabled`);
        await writeList(
          tx,
          current.filter((code) => code !== zipCode),
        );
        await recordAudit(tx, {
          actor,
          action: 'service_area.removed',
          target: { type: 'service_area', id: zipCode },
        });
      });
    },

    /** Moves the ORDER_PLACED units of every enabled code, in one transaction. */
    async revalidate(actor: AuditActor): Promise<LocationUpdate> {
      return db.transaction(async (tx) => {
        const update = await enableLocations(tx, await lockedList(tx));
        await recordAudit(tx, {
          actor,
          action: 'service_areas.revalidated',
          target: { type: 'service_area' },
          changes: { ...update },
        });
        return update;
      });
    },

    /**
     * POST /api/settings/serviceareas/batch: the whole list at once. Validated like any setting; the
     * codes it newly enables move their units as an add would.
     */
    async replace(input: unknown, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const current = await lockedList(tx);
        await settingsService.save('serviceareas', input, tx, actor);
        const saved = (await settingsService.read('serviceareas', tx)).enabledZipCodes;
        const deduplicated = [...new Set(saved)];
        if (deduplicated.length !== saved.length) await writeList(tx, deduplicated);
        return enableLocations(
          tx,
          deduplicated.filter((code) => !current.includes(code)),
        );
      });
    },
  };
}
