/**
 * An order's conversation, oldest first, with a composer: text and files (chosen, dropped, or taken
 * with the phone's camera). The same component serves the customer's order page and the staff's.
 */
import { Camera, FileText, Paperclip, Send, X } from 'lucide-react';
import { type DragEvent, type FormEvent, forwardRef, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_MAX_LENGTH,
  type MessageDto,
  PREVIEWABLE_CONTENT_TYPES,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadDto,
} from '../../../shared/schemas/conversations.js';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { errorCode, errorFields } from '../../lib/api';
import { toastError } from '../../lib/notify';
import { useServerError } from '../../lib/server-error';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/utils';
import { fileUrl, type Side, uploadFile, useMessages, usePostMessage } from './api';

const LIMIT_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** A file's size in the active language's units (KB, or Ko in French). */
function useFileSize() {
  const { t } = useTranslation('conversations');
  return (bytes: number) => {
    if (bytes < 1024) return t('size.bytes', { size: bytes });
    if (bytes < 1024 * 1024) return t('size.kb', { size: Math.round(bytes / 1024) });
    return t('size.mb', { size: Math.round(bytes / (1024 * 102.4)) / 10 });
  };
}

/**
 * Why an upload or a message failed, in the reader's language: the screen's own words (with the limit)
 * for a file too large, the refusal's text by its code otherwise.
 */
function useFailure() {
  const { t } = useTranslation('conversations');
  const serverError = useServerError();
  return (error: unknown) => {
    if (errorCode(error) === 'FILE_TOO_LARGE') return t('errors.tooLarge', { mb: LIMIT_MB });
    if (errorCode(error) === 'FILE_TYPE_NOT_ALLOWED') return t('errors.fileType');
    return serverError(error) ?? t('errors.generic');
  };
}

/** A file in a message or a unit's documents: a small preview for images, a named link for the rest. */
export function FileLink({ file, className }: { file: UploadDto; className?: string }) {
  const fileSize = useFileSize();
  const image = PREVIEWABLE_CONTENT_TYPES.includes(file.contentType);
  return (
    <a
      href={fileUrl(file.id)}
      download={file.name}
      className={cn(
        'inline-flex max-w-full items-center gap-2 rounded-md border bg-card p-1.5 pr-3 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {image ? (
        <img
          src={fileUrl(file.id, true)}
          alt=""
          loading="lazy"
          width={48}
          height={48}
          className="size-12 shrink-0 rounded object-cover"
        />
      ) : (
        <FileText aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
      )}
      <span className="grid min-w-0">
        <span className="truncate font-medium">{file.name}</span>
        <span className="text-muted-foreground text-xs">{fileSize(file.size)}</span>
      </span>
    </a>
  );
}

function MessageItem({ message, side }: { message: MessageDto; side: Side }) {
  const { t } = useTranslation('conversations');
  const { dateTime } = useFormat();
  const own = message.author.kind === side;
  return (
    <li className={cn('grid max-w-[85%] gap-1', own ? 'justify-self-end' : 'justify-self-start')}>
      <p className={cn('text-muted-foreground text-xs', own && 'text-right')}>
        <span className="font-medium text-foreground">
          {own && side === 'customer' ? t('you') : message.author.name}
        </span>
        {message.author.kind === 'staff' && side === 'staff' && t('staffSuffix')}
        {' · '}
        <time dateTime={message.at}>{dateTime(message.at)}</time>
      </p>
      <div
        className={cn(
          'grid gap-2 rounded-lg px-3 py-2 text-sm',
          own ? 'bg-primary/10 text-foreground' : 'border bg-muted/40',
        )}
      >
        {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
        {message.attachments.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('attachedFiles')}>
            {message.attachments.map((file) => (
              <li key={file.id} className="min-w-0 max-w-full">
                <FileLink file={file} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

interface ConversationProps {
  side: Side;
  orderId: number;
  /** The heading's level in the page's outline. */
  as?: 'h2' | 'h3';
  title?: string;
  /** What the empty conversation invites. */
  emptyText?: string;
  /** Staff who may read but not answer see the messages only. */
  canWrite?: boolean;
}

export const Conversation = forwardRef<HTMLTextAreaElement, ConversationProps>(function Conversation(
  { side, orderId, as: Heading = 'h2', title, emptyText, canWrite = true },
  composerRef,
) {
  const { t } = useTranslation('conversations');
  const messages = useMessages(side, orderId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <Heading id={headingId} className="font-semibold text-lg leading-none tracking-tight">
        {title ?? (side === 'customer' ? t('title.customer') : t('title.staff'))}
      </Heading>
      {messages.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-12 w-1/2 justify-self-end" />
        </div>
      ) : messages.isError ? (
        <p className="text-destructive text-sm">
          {t('loadError')}{' '}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => messages.refetch()}>
            {t('tryAgain')}
          </Button>
        </p>
      ) : messages.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {emptyText ?? (side === 'customer' ? t('empty.customer') : t('empty.staff'))}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label={t('list')}>
          {messages.data.map((message) => (
            <MessageItem key={message.id} message={message} side={side} />
          ))}
        </ol>
      )}
      {canWrite && <Composer ref={composerRef} side={side} orderId={orderId} />}
    </section>
  );
});

interface Pending {
  key: string;
  name: string;
  upload?: UploadDto;
}

const Composer = forwardRef<HTMLTextAreaElement, { side: Side; orderId: number }>(function Composer(
  { side, orderId },
  ref,
) {
  const { t } = useTranslation('conversations');
  const failure = useFailure();
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Pending[]>([]);
  const [fieldError, setFieldError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const post = usePostMessage(side, orderId);
  const uploading = files.some((file) => !file.upload);

  function add(list: FileList | null) {
    for (const file of Array.from(list ?? [])) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setFiles((current) => [...current, { key, name: file.name }]);
      uploadFile(orderId, file).then(
        (upload) => setFiles((current) => current.map((p) => (p.key === key ? { ...p, upload } : p))),
        (error) => {
          setFiles((current) => current.filter((p) => p.key !== key));
          toastError(t('errors.notAttached', { name: file.name }), undefined, failure(error));
        },
      );
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const attachmentIds = files.flatMap((file) => (file.upload ? [file.upload.id] : []));
    if (!text.trim() && attachmentIds.length === 0) {
      setFieldError(t('composer.required'));
      return;
    }
    post.mutate(
      { text, attachmentIds },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setFieldError(undefined);
        },
        onError: (error) => {
          if (errorFields(error).text) setFieldError(t('composer.required'));
          else toastError(t('errors.notSent'), undefined, failure(error));
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cn(
        'grid gap-2 rounded-lg border border-dashed p-3',
        dragging && 'border-primary bg-primary/5',
      )}
    >
      <label htmlFor={id} className="font-medium text-sm">
        {t('composer.label')}
      </label>
      <textarea
        id={id}
        ref={ref}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive sm:text-sm"
      />
      <p
        id={`${id}-hint`}
        className={fieldError ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}
      >
        {fieldError ?? t('composer.hint', { mb: LIMIT_MB })}
      </p>
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('composer.filesToSend')}>
          {files.map((file) => (
            <li
              key={file.key}
              className="inline-flex max-w-full items-center gap-2 rounded-md border bg-card py-1 pr-1 pl-2 text-sm"
            >
              {!file.upload && (
                <Spinner className="size-4" label={t('composer.uploading', { name: file.name })} />
              )}
              <span className="truncate">{file.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={t('composer.remove', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((p) => p.key !== file.key))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('composer.attach')}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('composer.photo')}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          <Paperclip aria-hidden="true" />
          {t('composer.attach')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => cameraInput.current?.click()}>
          <Camera aria-hidden="true" />
          {t('composer.photo')}
        </Button>
        <Button type="submit" size="sm" className="ml-auto" loading={post.isPending} disabled={uploading}>
          <Send aria-hidden="true" />
          {t('composer.send')}
        </Button>
      </div>
    </form>
  );
});
