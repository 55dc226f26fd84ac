/** Conversations, files and unit documents: the calls, their query keys and hooks. */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationRoutes } from '../../../shared/routes/conversations.js';
import type { RouteAnswer } from '../../../shared/routes/define-route.js';
import type { NewMessage } from '../../../shared/schemas/conversations.js';
import { ApiError } from '../../lib/api';
import { callApi, routeUrl } from '../../lib/call-api';

export type Side = 'customer' | 'staff';

/**
 * Everything sits under `all`: a live `message_created` invalidates it, which refreshes the open
 * conversation, the unread badges, the staff list and the dashboard card at once.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  messages: (side: Side, orderId: number) => [...conversationKeys.all, 'messages', side, orderId] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
  list: (status: 'unanswered' | 'all', page: number, pageSize: number) =>
    [...conversationKeys.all, 'list', status, page, pageSize] as const,
  documents: (itemId: number) => [...conversationKeys.all, 'documents', itemId] as const,
};

/** The customer reads and writes on their own order's route, staff on the admin one. */
const messageRoutes = {
  customer: { list: conversationRoutes.customerMessages, post: conversationRoutes.postCustomerMessage },
  staff: { list: conversationRoutes.staffMessages, post: conversationRoutes.postStaffMessage },
};

/** Reading the conversation marks it read on the server (on every device), so the badges refresh too. */
export function useMessages(side: Side, orderId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.messages(side, orderId),
    queryFn: async () => {
      const list = await callApi(messageRoutes[side].list, { params: { id: orderId } });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
      return list;
    },
  });
}

export function usePostMessage(side: Side, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) =>
      callApi(messageRoutes[side].post, { params: { id: orderId }, body: message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/**
 * Sends one file to the order; the answer names it for a message or a unit document. Multipart, so
 * not through callApi (which sends JSON); the answer is the entry's 201 shape.
 */
export async function uploadFile(
  orderId: number,
  file: File,
): Promise<RouteAnswer<typeof conversationRoutes.upload>> {
  const form = new FormData();
  form.set('orderId', String(orderId));
  form.set('file', file, file.name);
  const response = await fetch(routeUrl(conversationRoutes.upload.path), {
    method: conversationRoutes.upload.method,
    credentials: 'include',
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return JSON.parse(text);
}

export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: () => callApi(conversationRoutes.unread),
    enabled,
  });
}

export function useConversations(status: 'unanswered' | 'all', page: number, pageSize: number) {
  return useQuery({
    queryKey: conversationKeys.list(status, page, pageSize),
    queryFn: () => callApi(conversationRoutes.list, { query: { status, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function useUnitDocuments(itemId: number | undefined) {
  return useQuery({
    queryKey: conversationKeys.documents(itemId ?? 0),
    queryFn:
      itemId === undefined
        ? skipToken
        : () => callApi(conversationRoutes.unitDocuments, { params: { id: itemId } }),
  });
}

export function useAddUnitDocument(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uploadId: string; title: string }) =>
      callApi(conversationRoutes.addUnitDocument, { params: { id: itemId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.documents(itemId) }),
  });
}

/** Where a file is downloaded; `inline` shows an image in the page instead. */
export const fileUrl = (id: string, inline = false) =>
  routeUrl(conversationRoutes.download.path, { id }, inline ? { inline: '1' } : undefined);
