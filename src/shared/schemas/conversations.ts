/**
 * Conversations beside each order, the files sent in them and the documents staff attach to a unit.
 * zod/mini (decision 14).
 */
import * as z from 'zod/mini';

/** The largest file one upload takes. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** All files of one order together, attached or not (decision 157). */
export const ORDER_UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;
/** What a file may be, decided from its bytes (decision 156). */
export const UPLOAD_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
/** The kinds a browser can show in an <img>: these get an inline preview. */
export const PREVIEWABLE_CONTENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
/** The file input's `accept`: the same kinds by extension and type, so the phone offers its camera. */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,application/pdf,image/*';

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_MAX_ATTACHMENTS = 10;

export const uploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
});
export type UploadDto = z.infer<typeof uploadSchema>;

/** A file's `:id`: upload ids are UUIDs; anything longer is simply not found. */
export const uploadParams = z.object({ id: z.string().check(z.maxLength(100)) });
/** `?inline=1` asks to show an image in the page instead of downloading it. */
export const fileDownloadQuerySchema = z.object({ inline: z.optional(z.enum(['0', '1'])) });

export const messageSchema = z.object({
  id: z.number(),
  at: z.string(),
  author: z.object({ kind: z.enum(['customer', 'staff']), name: z.string() }),
  text: z.string(),
  attachments: z.array(uploadSchema),
});
export type MessageDto = z.infer<typeof messageSchema>;

export const newMessageSchema = z.object({
  text: z
    .string()
    .check(z.trim(), z.maxLength(MESSAGE_MAX_LENGTH, `At most ${MESSAGE_MAX_LENGTH} characters`)),
  attachmentIds: z.optional(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(100)))
      .check(z.maxLength(MESSAGE_MAX_ATTACHMENTS, `At most ${MESSAGE_MAX_ATTACHMENTS} files per message`)),
  ),
});
export type NewMessage = z.infer<typeof newMessageSchema>;

export const CONVERSATIONS_MAX_PAGE_SIZE = 100;

/** The longest first line the staff list shows of a conversation's newest message. */
export const PREVIEW_MAX_LENGTH = 140;

/** A message's first non-empty line, cut at `PREVIEW_MAX_LENGTH` characters with an ellipsis. */
export function firstLineOf(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((part) => part.trim())
      .find((part) => part.length > 0) ?? '';
  const chars = [...line];
  return chars.length > PREVIEW_MAX_LENGTH
    ? `${chars
        .slice(0, PREVIEW_MAX_LENGTH - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

export const conversationsQuerySchema = z.object({
  status: z._default(z.enum(['unanswered', 'all']), 'unanswered'),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CONVERSATIONS_MAX_PAGE_SIZE)),
    20,
  ),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

export const conversationRowSchema = z.object({
  orderId: z.number(),
  /** The business id and product, so the list needs no second request per row. */
  orderNumber: z.string(),
  productName: z.string(),
  customerName: z.nullable(z.string()),
  lastMessageAt: z.string(),
  /**
   * The newest message, as the list shows it: who wrote it, its first non-empty line (at most
   * `PREVIEW_MAX_LENGTH` characters, an ellipsis when cut; empty for a message of files only) and
   * how many files it carries.
   */
  lastMessage: z.object({
    author: z.enum(['customer', 'staff']),
    firstLine: z.string(),
    attachments: z.number(),
  }),
  waitingSince: z.optional(z.string()),
  /** The customer's messages this staff member has not opened yet (0: read). */
  unread: z.number(),
});
export const conversationsPageSchema = z.object({
  items: z.array(conversationRowSchema),
  total: z.number(),
});
export type ConversationRow = z.infer<typeof conversationRowSchema>;
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

/** The customer's unread staff messages, per order (the sidebar's badge). */
export const unreadSummarySchema = z.object({
  items: z.array(z.object({ orderId: z.number(), unread: z.number() })),
  total: z.number(),
});
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

export const newUnitDocumentSchema = z.object({
  uploadId: z.string().check(z.minLength(1), z.maxLength(100)),
  title: z.string().check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200)),
});
/** A chosen file (a browser File): what a form holds before the upload names it. */
export const chosenFileSchema = z.custom<File>(
  (value) => typeof File !== 'undefined' && value instanceof File,
  'Choose a file',
);
/** Staff's "Attach a document" form: the title as the server checks it, and the file to upload first. */
export const attachDocumentFormSchema = z.object({
  title: newUnitDocumentSchema.shape.title,
  file: chosenFileSchema,
});

export const unitDocumentSchema = z.object({
  id: z.number(),
  title: z.string(),
  at: z.string(),
  file: uploadSchema,
});
export type UnitDocumentDto = z.infer<typeof unitDocumentSchema>;
