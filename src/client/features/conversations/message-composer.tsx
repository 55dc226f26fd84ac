/**
 * The conversation's composer: text and files (chosen, dropped, or taken with the phone's camera).
 * The text is checked with the server's own schema (newMessageSchema); the files upload as soon as
 * they are chosen, and the message sends the ids of those that finished.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, Paperclip, Send, X } from 'lucide-react';
import { type DragEvent, type FormEvent, forwardRef, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import {
  MESSAGE_MAX_LENGTH,
  newMessageSchema,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadDto,
} from '../../../shared/schemas/conversations.js';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorCode, errorFields } from '../../lib/api';
import { toastError } from '../../lib/notify';
import { useServerError } from '../../lib/server-error';
import { cn } from '../../lib/utils';
import { type Side, uploadFile, usePostMessage } from './api';

const LIMIT_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

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

/** A file chosen for the message: uploading until `upload` names it. */
interface Pending {
  key: string;
  name: string;
  upload?: UploadDto;
}

export const MessageComposer = forwardRef<HTMLTextAreaElement, { side: Side; orderId: number }>(
  function MessageComposer({ side, orderId }, ref) {
    const { t } = useTranslation('conversations');
    const failure = useFailure();
    const id = useId();
    const form = useForm<z.input<typeof newMessageSchema>, unknown, z.output<typeof newMessageSchema>>({
      resolver: zodResolver(newMessageSchema),
      defaultValues: { text: '', attachmentIds: [] },
    });
    const fieldError = form.formState.errors.text?.message;
    // Upload progress per file is screen state, not a form value: the ids enter the form at submit.
    const [files, setFiles] = useState<Pending[]>([]);
    const [dragging, setDragging] = useState(false);
    const fileInput = useRef<HTMLInputElement>(null);
    const cameraInput = useRef<HTMLInputElement>(null);
    const post = usePostMessage(side, orderId);
    const uploading = files.some((file) => !file.upload);
    const { ref: registerText, ...textField } = form.register('text');

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

    const send = (message: z.output<typeof newMessageSchema>) => {
      // The server's rule across both fields (a message needs text or a file), checked before asking it.
      if (!message.text && (message.attachmentIds ?? []).length === 0) {
        form.setError('text', { message: t('composer.required') });
        return;
      }
      post.mutate(message, {
        onSuccess: () => {
          form.reset();
          setFiles([]);
        },
        onError: (error) => {
          if (errorFields(error).text) form.setError('text', { message: t('composer.required') });
          else toastError(t('errors.notSent'), undefined, failure(error));
        },
      });
    };

    function submit(event: FormEvent) {
      form.setValue(
        'attachmentIds',
        files.flatMap((file) => (file.upload ? [file.upload.id] : [])),
      );
      return form.handleSubmit(send)(event);
    }

    return (
      <form
        noValidate
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
          ref={(element) => {
            registerText(element);
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          {...textField}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={3}
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
  },
);
