/**
 * The customer and user calls: the paged customer list, users by role, one user with their orders,
 * reset password, change e-mail, delete, edit and Add User; their query keys and hooks.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../shared/constants.js';
import { customerRoutes } from '../../../shared/routes/customers.js';
import type { RouteBody } from '../../../shared/routes/define-route.js';
import { staffInvitationRoutes } from '../../../shared/routes/staff-invitations.js';
import type { ChangeEmail, CreateUser, UpdateUser } from '../../../shared/schemas/customers.js';
import { ApiError } from '../../lib/api';
import { callApi } from '../../lib/call-api';
import { authKeys } from '../auth/session';

export interface CustomersParams {
  page: number;
  pageSize: number;
  /** Trimmed search text; empty for none. */
  q: string;
}

export interface AdminUsersParams {
  /** One role, or STAFF for every staff role. */
  role?: Role | 'STAFF';
  page: number;
  pageSize: number;
}

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomersParams) => [...customerKeys.all, 'list', params] as const,
};

export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (params: AdminUsersParams) => [...adminUserKeys.lists(), params] as const,
  detail: (id: number) => [...adminUserKeys.all, 'detail', id] as const,
};

export const fetchCustomers = ({ page, pageSize, q }: CustomersParams) =>
  callApi(customerRoutes.listCustomers, { query: { page, pageSize, q: q || undefined } });
export const fetchAdminUsers = ({ role, page, pageSize }: AdminUsersParams) =>
  callApi(customerRoutes.listUsers, { query: { role, page, pageSize } });
export const fetchUserDetail = (id: number) => callApi(customerRoutes.getUser, { params: { id } });
export const sendPasswordReset = (id: number) => callApi(customerRoutes.resetPassword, { params: { id } });
export const changeEmail = (id: number, body: ChangeEmail) =>
  callApi(customerRoutes.changeEmail, { params: { id }, body });
export const updateUser = (id: number, body: UpdateUser) =>
  callApi(customerRoutes.updateUser, { params: { id }, body });
export const deleteUser = (id: number) => callApi(customerRoutes.deleteUser, { params: { id } });
export const createUser = (body: CreateUser) => callApi(customerRoutes.createUser, { body });

/** The order count of a delete the server refused because orders are linked (409 `{message, orders}`). */
export function refusedOrderCount(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  try {
    const orders: unknown = JSON.parse(error.body)?.orders;
    return typeof orders === 'number' ? orders : undefined;
  } catch {
    return undefined;
  }
}

export function useCustomers(params: CustomersParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: () => fetchCustomers(params),
    // The table keeps the page it shows while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({
    queryKey: adminUserKeys.list(params),
    queryFn: () => fetchAdminUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: adminUserKeys.detail(id ?? 0),
    queryFn: () => fetchUserDetail(id ?? 0),
    enabled: id !== null,
  });
}

/** Every view of users and customers, and the session user (an admin may have edited themself). */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.user }),
    ]);
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}

export function useChangeEmail() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => changeEmail(id, { email }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUser }) => updateUser(id, body),
    onSuccess: invalidate,
  });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // Only the lists: the open dialog still observes the deleted user's detail, and refetching it
    // would swap the dialog for a 404 (and unmount the caller's callbacks) before it can close.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
      ]),
  });
}

export const inviteStaff = (body: RouteBody<typeof staffInvitationRoutes.invite>) =>
  callApi(staffInvitationRoutes.invite, { body });

/** Invite User: the pending account appears in Admin Users at once. */
export function useInviteStaff() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: inviteStaff, onSuccess: invalidate });
}
