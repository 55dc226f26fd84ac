import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_ORDERS_PAGE_SIZE,
  type NewSavedView,
  ORDERS_PAGE_SIZES,
  type OrdersPageSize,
  SAVED_VIEWS_MAX,
  type SavedView,
  type StaffPreferences,
  type StaffPreferencesPatch,
} from '../../../shared/schemas/staff-preferences.js';
import type { Db, Executor } from '../../db/client.js';
import { savedViews, staffPreferences } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { staffPreferencesErrors as errors } from './errors.js';

/** A Postgres unique violation, as either driver reports it (directly or as the cause of Drizzle's error). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const viewColumns = { id: savedViews.id, name: savedViews.name, params: savedViews.params };

/**
 * A staff member's own back-office choices. Every call names the person (`userId`, from the session):
 * nobody reads or changes another's, and a view id of someone else answers as not found.
 */
export function createStaffPreferenceService({ db, clock }: { db: Db; clock: Clock }) {
  async function nameTaken(tx: Executor, userId: number, name: string, exceptId?: number) {
    const [row] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(
        and(
          eq(savedViews.userId, userId),
          sql`lower(${savedViews.name}) = lower(${name})`,
          exceptId === undefined ? undefined : ne(savedViews.id, exceptId),
        ),
      );
    return row !== undefined;
  }
  const taken = () =>
    errors.SAVED_VIEW_NAME_TAKEN('A view with this name exists', {
      fields: { name: 'A view with this name exists' },
    });

  /** The unique index is the last word when two tabs save the same name at once. */
  async function unlessTaken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  return {
    async preferences(userId: number): Promise<StaffPreferences> {
      const [row] = await db
        .select({ ordersPageSize: staffPreferences.ordersPageSize })
        .from(staffPreferences)
        .where(eq(staffPreferences.userId, userId));
      const size = row?.ordersPageSize;
      // A size no longer offered reads as the default rather than failing the answer's schema.
      const offered = (ORDERS_PAGE_SIZES as readonly number[]).includes(size ?? 0);
      return { ordersPageSize: offered ? (size as OrdersPageSize) : DEFAULT_ORDERS_PAGE_SIZE };
    },

    async updatePreferences(userId: number, patch: StaffPreferencesPatch): Promise<StaffPreferences> {
      const now = clock.now();
      await db
        .insert(staffPreferences)
        .values({ userId, ordersPageSize: patch.ordersPageSize ?? null, updatedAt: now })
        .onConflictDoUpdate({
          target: staffPreferences.userId,
          set: {
            updatedAt: now,
            ...(patch.ordersPageSize !== undefined && { ordersPageSize: patch.ordersPageSize }),
          },
        });
      return this.preferences(userId);
    },

    /** The person's views in the order they saved them (the tabs' order). */
    savedViews(userId: number): Promise<SavedView[]> {
      return db
        .select(viewColumns)
        .from(savedViews)
        .where(eq(savedViews.userId, userId))
        .orderBy(asc(savedViews.id));
    },

    saveView(userId: number, view: NewSavedView): Promise<SavedView> {
      return unlessTaken(() =>
        db.transaction(async (tx) => {
          const [{ views } = { views: 0 }] = await tx
            .select({ views: count() })
            .from(savedViews)
            .where(eq(savedViews.userId, userId));
          if (views >= SAVED_VIEWS_MAX)
            throw errors.SAVED_VIEWS_FULL(`At most ${SAVED_VIEWS_MAX} saved views: delete one first`);
          if (await nameTaken(tx, userId, view.name)) throw taken();
          const [row] = await tx
            .insert(savedViews)
            .values({ userId, name: view.name, params: view.params, createdAt: clock.now() })
            .returning(viewColumns);
          if (!row) throw new Error('inserting the saved view returned no row');
          return row;
        }),
      );
    },

    renameView(userId: number, id: number, name: string): Promise<SavedView> {
      return unlessTaken(() =>
        db.transaction(async (tx) => {
          if (await nameTaken(tx, userId, name, id)) throw taken();
          const [row] = await tx
            .update(savedViews)
            .set({ name })
            .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
            .returning(viewColumns);
          if (!row) throw errors.SAVED_VIEW_NOT_FOUND('Saved view not found');
          return row;
        }),
      );
    },

    async deleteView(userId: number, id: number): Promise<void> {
      const gone = await db
        .delete(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
        .returning({ id: savedViews.id });
      if (gone.length === 0) throw errors.SAVED_VIEW_NOT_FOUND('Saved view not found');
    },
  };
}

export type StaffPreferenceService = ReturnType<typeof createStaffPreferenceService>;
