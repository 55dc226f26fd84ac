import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { can, isStaffRole, STAFF_ROLES } from '../../../shared/permissions.js';
import { SECRET_CHANGED } from '../../../shared/schemas/audit.js';
import {
  type AdminUsersQuery,
  type CreateUser,
  type CustomerSort,
  type CustomersQuery,
  EMAIL_IN_USE_MESSAGE,
  isBlankPassword,
  type UpdateUser,
  userHasOrdersMessage,
} from '../../../shared/schemas/customers.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { fullNameOf } from '../../db/full-name.js';
import { sessions, type User, users, verificationCodes } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, hashToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { publishAccountChanged } from '../../live/publish.js';
import { recipientLocale } from '../../mail/i18n.js';
import { adminResetMail } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { AuthService } from '../auth/index.js';
import { countOrdersOfCustomer, customerOrderTotals, ordersOfCustomer } from '../orders/index.js';
import { customersErrors } from './errors.js';

export const USER_NOT_FOUND = 'User not found';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_DEMOTE_SELF = 'You cannot remove your own admin role';
export const LAST_ADMIN =
  'This is the last admin: make another user an admin first, so that someone can still manage the back office';
export const STAFF_RESET_ADMIN_ONLY = 'Only an admin can reset the password of a staff account';

/** The user columns admins may see: never the password hash, only whether there is one. */
const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
  hasPassword: sql<boolean>`${users.password} is not null`,
};
type UserRow = Pick<
  User,
  'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'lastActiveAt' | 'createdAt'
> & {
  hasPassword: boolean;
};

function toAdminUser({ hasPassword, lastActiveAt, createdAt, ...user }: UserRow) {
  return {
    ...user,
    lastActiveAt: lastActiveAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    accountStatus: hasPassword ? ('ACTIVE' as const) : ('PENDING' as const),
  };
}
export type AdminUserDto = ReturnType<typeof toAdminUser>;

/** `%`, `_` and `\` typed into the search box are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A Postgres unique violation, as either driver reports it (directly or as the cause of Drizzle's error). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const CUSTOMER_ORDER: Record<CustomerSort, (totals: { orders: SQL; totalSpent: SQL }) => SQL[]> = {
  'id:desc': () => [desc(users.id)],
  'id:asc': () => [asc(users.id)],
  'email:asc': () => [asc(users.email), asc(users.id)],
  'email:desc': () => [desc(users.email), desc(users.id)],
  'orders:desc': (t) => [desc(t.orders), desc(users.id)],
  'orders:asc': (t) => [asc(t.orders), asc(users.id)],
  'totalSpent:desc': (t) => [desc(t.totalSpent), desc(users.id)],
  'totalSpent:asc': (t) => [asc(t.totalSpent), asc(users.id)],
};

export function createCustomerAdminService({
  db,
  clock,
  config,
  auth,
}: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  auth: Pick<AuthService, 'mailCode'>;
}) {
  async function findUser(id: number, executor: Executor = db, lock = false): Promise<UserRow> {
    const query = executor.select(userColumns).from(users).where(eq(users.id, id));
    const [user] = lock ? await query.for('update') : await query;
    if (!user) throw customersErrors.USER_NOT_FOUND(USER_NOT_FOUND);
    return user;
  }

  async function assertEmailFree(executor: Executor, email: string, exceptId: number) {
    const [taken] = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, exceptId)));
    if (taken) throw customersErrors.EMAIL_IN_USE(EMAIL_IN_USE_MESSAGE);
  }

  /** Runs a write that may meet the e-mail unique index; a concurrent duplicate becomes the same 409. */
  async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw customersErrors.EMAIL_IN_USE(EMAIL_IN_USE_MESSAGE);
      throw error;
    }
  }

  /**
   * Locks every admin's row, in id order, before a change that could remove an admin: two admins
   * demoting or deleting each other at once queue on the same first row, so the second sees the
   * first's result (and cannot deadlock), and an admin always remains.
   */
  async function lockAdmins(tx: Executor): Promise<number[]> {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'ADMIN'))
      .orderBy(asc(users.id))
      .for('update');
    return admins.map((admin) => admin.id);
  }

  function assertAdminRemains(admins: readonly number[], removedId: number) {
    if (admins.every((id) => id === removedId)) throw customersErrors.LAST_ADMIN(LAST_ADMIN);
  }

  return {
    /**
     * Users of role USER with their order count and total, searched, sorted and paged in SQL. The
     * totals are a lateral subquery: one orders_user_id_idx lookup per customer on the page.
     */
    async listCustomers(query: CustomersQuery) {
      const conditions: SQL[] = [eq(users.role, 'USER')];
      if (query.q) {
        const pattern = likePattern(query.q);
        const byId = /^\d{1,9}$/.test(query.q) ? [eq(users.id, Number(query.q))] : [];
        const matches = or(
          ilike(users.email, pattern),
          // The expression of users_full_name_trgm_idx, so that index serves this search too.
          ilike(fullNameOf(users.firstName, users.lastName), pattern),
          ...byId,
        );
        if (matches) conditions.push(matches);
      }
      const where = and(...conditions);
      const totals = customerOrderTotals(db, users.id);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            orders: totals.orders,
            totalSpent: totals.totalSpent,
            orderValue: totals.orderValue,
          })
          .from(users)
          .innerJoinLateral(totals, sql`true`)
          .where(where)
          .orderBy(
            ...CUSTOMER_ORDER[query.sort]({
              orders: sql`${totals.orders}`,
              totalSpent: sql`${totals.totalSpent}`,
            }),
          )
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          ...row,
          orders: Number(row.orders),
          totalSpent: Number(row.totalSpent),
          orderValue: Number(row.orderValue),
        })),
        total: counted?.total ?? 0,
      };
    },

    async listUsers(query: AdminUsersQuery) {
      const where =
        query.role === 'STAFF'
          ? inArray(users.role, [...STAFF_ROLES])
          : query.role
            ? eq(users.role, query.role)
            : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items: rows.map(toAdminUser), total: counted?.total ?? 0 };
    },

    /**
     * The user and their orders, newest first (the User Management dialog). Staff who read customers
     * read only customers: a staff account is an admin's business.
     */
    async getUser(actorRole: string, id: number) {
      const user = await findUser(id);
      if (isStaffRole(user.role) && !can(actorRole, 'admin.all')) {
        throw customersErrors.STAFF_ACCOUNT_ADMIN_ONLY('Only an admin can see a staff account');
      }
      const list = await ordersOfCustomer(db, id);
      return {
        ...toAdminUser(user),
        orders: list.map((order) => ({
          ...order,
          orderDate: order.orderDate.toISOString(),
          orderValue: order.orderValue === null ? null : Number(order.orderValue),
          paid: Number(order.paid),
        })),
      };
    },

    /**
     * Mails the user a reset code through the sign-in codes (same limits, same single use), with a
     * link to the sign-in screen's code step. The current password keeps working until it is replaced.
     */
    async sendPasswordReset(actor: AuditActor & { role: string }, id: number) {
      const user = await findUser(id);
      // Support may help customers; a staff account's password is an admin's business.
      if (isStaffRole(user.role) && !can(actor.role, 'admin.all'))
        throw customersErrors.STAFF_RESET_ADMIN_ONLY(STAFF_RESET_ADMIN_ONLY);
      const params = new URLSearchParams({
        reset: user.email,
        status: user.hasPassword ? 'ACTIVE' : 'PENDING',
      });
      const link = `${config.publicUrl}/auth?${params}`;
      // The customer's language, not the administrator's who asked.
      const locale = await recipientLocale(db, user.email);
      await auth.mailCode(user.email, actor.ip ?? '', (code) =>
        adminResetMail(user.email, code, link, locale),
      );
      await recordAudit(db, {
        actor,
        action: 'user.password_reset_sent',
        target: { type: 'user', id },
        changes: { email: user.email },
      });
      return { message: `A password reset code was sent to ${user.email}` };
    },

    /** Change Email: a new address is not yet proven, so `verified` starts over. */
    async changeEmail(actor: AuditActor, id: number, email: string) {
      return uniqueEmail(() =>
        db.transaction(async (tx) => {
          const user = await findUser(id, tx, true);
          if (user.email === email) return toAdminUser(user);
          await assertEmailFree(tx, email, id);
          await tx
            .update(users)
            .set({ email, verified: false, updatedAt: clock.now() })
            .where(eq(users.id, id));
          await recordAudit(tx, {
            actor,
            action: 'user.email_changed',
            target: { type: 'user', id },
            changes: { email: { from: user.email, to: email } },
          });
          return toAdminUser(await findUser(id, tx));
        }),
      );
    },

    /**
     * Edit User. A blank password keeps the current one; a new one ends the user's sessions (as a reset
     * does), except the admin's own current one when they edit themself.
     */
    async updateUser(actor: AuditActor, id: number, input: UpdateUser, actorToken: string | undefined) {
      const hashed = isBlankPassword(input.password) ? null : await hashPassword(input.password ?? '');
      return uniqueEmail(() =>
        db.transaction(async (tx) => {
          const admins = await lockAdmins(tx);
          const user = await findUser(id, tx, true);
          if (user.role === 'ADMIN' && input.role !== 'ADMIN') {
            if (id === actor.id) throw customersErrors.CANNOT_DEMOTE_SELF(CANNOT_DEMOTE_SELF);
            assertAdminRemains(admins, id);
          }
          await assertEmailFree(tx, input.email, id);
          const emailChanged = input.email !== user.email;
          await tx
            .update(users)
            .set({
              email: input.email,
              role: input.role,
              updatedAt: clock.now(),
              ...(emailChanged ? { verified: false } : {}),
              ...(hashed ? { password: hashed } : {}),
            })
            .where(eq(users.id, id));
          if (hashed) {
            const keep = id === actor.id && actorToken ? hashToken(actorToken) : null;
            await tx
              .delete(sessions)
              .where(and(eq(sessions.userId, id), keep ? ne(sessions.tokenHash, keep) : undefined));
          }
          const changes: Record<string, unknown> = {};
          if (emailChanged) changes.email = { from: user.email, to: input.email };
          if (input.role !== user.role) changes.role = { from: user.role, to: input.role };
          if (hashed) changes.password = SECRET_CHANGED;
          await recordAudit(tx, {
            actor,
            action: changes.role ? 'user.role_changed' : 'user.updated',
            target: { type: 'user', id },
            changes,
          });
          // Open live connections follow at commit: a demoted admin stops hearing every order.
          await publishAccountChanged(tx, id);
          return toAdminUser(await findUser(id, tx));
        }),
      );
    },

    /** Add User: an account with a password, so it signs in normally. */
    async createUser(actor: AuditActor, input: CreateUser) {
      const hashed = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ email: input.email, password: hashed, role: input.role })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!created) throw customersErrors.EMAIL_IN_USE(EMAIL_IN_USE_MESSAGE);
        await recordAudit(tx, {
          actor,
          action: 'user.created',
          target: { type: 'user', id: created.id },
          changes: { email: input.email, role: input.role },
        });
        return toAdminUser(await findUser(created.id, tx));
      });
    },

    /**
     * Deletes a user with no orders. The user's row is locked first: linking an order to the user
     * takes a key-share lock on the same row, so no order can be linked between the count and the
     * delete.
     */
    async deleteUser(actor: AuditActor, id: number) {
      if (id === actor.id) throw customersErrors.CANNOT_DELETE_SELF(CANNOT_DELETE_SELF);
      await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        const user = await findUser(id, tx, true);
        if (user.role === 'ADMIN') assertAdminRemains(admins, id);
        const n = await countOrdersOfCustomer(tx, id);
        if (n > 0) throw new UserHasOrdersError(n);
        await tx.delete(verificationCodes).where(eq(verificationCodes.email, user.email));
        // Sessions and login challenges go with the user (ON DELETE CASCADE); its sockets close.
        await tx.delete(users).where(eq(users.id, id));
        await recordAudit(tx, {
          actor,
          action: 'user.deleted',
          target: { type: 'user', id },
          changes: { email: user.email, role: user.role },
        });
        await publishAccountChanged(tx, id);
      });
      return { message: 'User deleted' };
    },
  };
}

/** The refusal carries the number of orders beside the message. */
export class UserHasOrdersError extends AppError {
  constructor(readonly orders: number) {
    super('CONFLICT', userHasOrdersMessage(orders), { details: { orders }, code: 'USER_HAS_ORDERS' });
  }
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;
