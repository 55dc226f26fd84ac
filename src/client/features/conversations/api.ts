/** Conversations, files and unit documents: the calls, their query keys and hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationsPage,
  MessageDto,
  NewMessage,
  UnitDocumentDto,
  UnreadSummary,
  UploadDto,
} from '../../../shared/schemas/conversations.js';
import { ApiError, apiJson } from '../../lib/api';

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

const messagesUrl = (side: Side, orderId: number) =>
  side === 'customer' ? `/api/orders/${orderId}/messages` : `/api/admin/orders/${orderId}/messages`;

/** Reading the conversation marks it read on the server (on every device), so the badges refresh too. */
export function useMessages(side: Side, orderId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.messages(side, orderId),
    queryFn: async () => {
      const list = await apiJson<MessageDto[]>('GET', messagesUrl(side, orderId));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
      return list;
    },
  });
}

export function usePostMessage(side: Side, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) => apiJson<MessageDto>('POST', messagesUrl(side, orderId), message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** Sends one file to the order; the answer names it for a message or a unit document. */
export async function uploadFile(orderId: number, file: File): Promise<UploadDto> {
  const form = new FormData();
  form.set('orderId', String(orderId));
  form.set('file', file, file.name);
  const response = await fetch('/api/uploads', { method: 'POST', credentials: 'include', body: form });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return JSON.parse(text) as UploadDto;
}

export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: () => apiJson<UnreadSummary>('GET', '/api/conversations/unread'),
    enabled,
  });
}

export function useConversations(status: 'unanswered' | 'all', page: number, pageSize: number) {
  return useQuery({
    queryKey: conversationKeys.list(status, page, pageSize),
    queryFn: () =>
      apiJson<ConversationsPage>(
        'GET',
        `/api/admin/conversations?status=${status}&page=${page}&pageSize=${pageSize}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUnitDocuments(itemId: number | undefined) {
  return useQuery({
    queryKey: conversationKeys.documents(itemId ?? 0),
    queryFn: () => apiJson<UnitDocumentDto[]>('GET', `/api/order-items/${itemId}/documents`),
    enabled: itemId !== undefined,
  });
}

export function useAddUnitDocument(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uploadId: string; title: string }) =>
      apiJson<UnitDocumentDto>('POST', `/api/admin/order-items/${itemId}/documents`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.documents(itemId) }),
  });
}

/** Where a file is downloaded; `inline` shows an image in the page instead. */
export const fileUrl = (id: string, inline = false) =>
  `/api/uploads/${encodeURIComponent(id)}${inline ? '?inline=1' : ''}`;
