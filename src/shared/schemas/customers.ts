/**
 * Customers and users for admins (the Customers page and Settings → Admin Users): the paged customer
 * list with order counts and totals computed on the server, the user list, one user with their orders,
 * e-mail change, edit and create. zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants.js';
import {
  emailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  passwordSchema,
} from './auth.js';
import { stageSchema } from './orders.js';

export const CUSTOMERS_PAGE_SIZE = 10;
export const CUSTOMERS_MAX_PAGE_SIZE = 100;

export const CUSTOMER_SORTS = [
  'id:desc',
  'id:asc',
  'email:asc',
  'email:desc',
  'orders:desc',
  'orders:asc',
  'totalSpent:desc',
  'totalSpent:asc',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const page = z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1);
const pageSize = z._default(
  z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CUSTOMERS_MAX_PAGE_SIZE)),
  CUSTOMERS_PAGE_SIZE,
);

/** GET /api/admin/customers: users of role USER; `q` matches e-mail or name (case-insensitive) or the id. */
export const customersQuerySchema = z.object({
  page,
  pageSize,
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** Newest customers first unless asked otherwise. */
  sort: z._default(z.enum(CUSTOMER_SORTS), 'id:desc'),
});
export type CustomersQuery = z.infer<typeof customersQuerySchema>;

export const customerRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  /** How many orders are linked to the customer. */
  orders: z.number(),
  /** What the customer has paid (deposits and orders paid as a whole), in cents: src/shared/schemas/money.ts. */
  totalSpent: z.number(),
  /** The value of the customer's orders (their amounts), in cents. */
  orderValue: z.number(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customersPageSchema = z.object({ items: z.array(customerRowSchema), total: z.number() });
export type CustomersPage = z.infer<typeof customersPageSchema>;

export const roleSchema = z.enum(ROLES);

/** GET /api/admin/users, optionally of one role or of every staff role (`STAFF`, the Admin Users tab). */
export const adminUsersQuerySchema = z.object({
  role: z.optional(z.enum([...ROLES, 'STAFF'])),
  page,
  pageSize,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A user as admins see one: never the password hash. */
export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: roleSchema,
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  lastActiveAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** ACTIVE has a password; PENDING was created from an order and has not chosen one yet. */
  accountStatus: z.enum(['ACTIVE', 'PENDING']),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ items: z.array(adminUserSchema), total: z.number() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** One of the user's orders in the User Management dialog. */
export const userOrderSchema = z.object({
  id: z.number(),
  /** The business id, e.g. 'VH1042'. */
  orderId: z.string(),
  productName: z.string(),
  status: stageSchema,
  orderDate: z.string(),
  /** Cents as stored (text), or null. */
  amount: z.nullable(z.string()),
  /** The order's value in cents (its amount read as whole cents), or null. */
  orderValue: z.nullable(z.number()),
  /** What the customer has paid of it, in cents (src/shared/schemas/money.ts). */
  paid: z.number(),
});
export type UserOrder = z.infer<typeof userOrderSchema>;

/** GET /api/admin/users/:id: the user's info and their orders, newest first. */
export const userDetailSchema = z.object({ ...adminUserSchema.def.shape, orders: z.array(userOrderSchema) });
export type UserDetail = z.infer<typeof userDetailSchema>;

/**
 * A password an admin sets (Add User, Edit User): the same minimum as one a customer chooses, so an
 * account an admin opens is no easier to guess than one its owner opens.
 */
export const adminPasswordSchema = passwordSchema;

/** A blank password (empty or only spaces) on Edit User keeps the current one. */
export const isBlankPassword = (password: string | undefined) => !password || password.trim() === '';

const roleField = z.enum(ROLES, { error: `Choose one of ${ROLES.join(', ')}` });

/** PATCH /api/admin/users/:id: Change Email. */
export const changeEmailSchema = z.object({ email: emailSchema });
export type ChangeEmail = z.infer<typeof changeEmailSchema>;

/** PUT /api/admin/users/:id: Edit User; a blank or absent password keeps the current one. */
export const updateUserSchema = z.object({
  email: emailSchema,
  password: z.optional(
    z.string({ error: PASSWORD_MESSAGE }).check(
      z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
      z.refine((value) => isBlankPassword(value) || value.length >= MIN_PASSWORD_LENGTH, PASSWORD_MESSAGE),
    ),
  ),
  role: roleField,
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** POST /api/settings/users/create: Add User. */
export const createUserSchema = z.object({
  email: emailSchema,
  password: adminPasswordSchema,
  role: roleField,
});
export type CreateUser = z.infer<typeof createUserSchema>;

export const messageSchema = z.object({ message: z.string() });

/**
 * DELETE refused (409): with `orders` (count) when orders are linked, so the screen can say how many
 * stand in the way; without it when an admin tries to delete themself.
 */
export const deleteRefusedSchema = z.object({
  code: z.string(),
  message: z.string(),
  orders: z.optional(z.number()),
});

export const userHasOrdersMessage = (orders: number) =>
  `This user has ${orders} associated orders and cannot be deleted. Please reassign or delete the orders first.`;

export const EMAIL_IN_USE_MESSAGE = 'Another account already uses this email address';

/** The password typed twice must match; checked even when another field is wrong, so it is named first. */
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (form) => form.password === form.confirmPassword,
  { path: ['confirmPassword'], message: 'Please ensure both passwords are identical', when: () => true },
);

/**
 * The Edit User form: what the server takes (updateUserSchema) and the password typed again; the form
 * always holds a password, blank to keep the current one.
 */
export const editUserFormSchema = z
  .object({
    ...updateUserSchema.def.shape,
    password: updateUserSchema.def.shape.password.def.innerType,
    confirmPassword: z.string(),
  })
  .check(passwordsMatch);
export type UserForm = z.input<typeof editUserFormSchema>;
