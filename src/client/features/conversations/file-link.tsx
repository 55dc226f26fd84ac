/** A file in a message or a unit's documents, linked for download (images with a small preview). */
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PREVIEWABLE_CONTENT_TYPES, type UploadDto } from '../../../shared/schemas/conversations.js';
import { cn } from '../../lib/utils';
import { fileUrl } from './api';

/** A file's size in the active language's units (KB, or Ko in French). */
function useFileSize() {
  const { t } = useTranslation('conversations');
  return (bytes: number) => {
    if (bytes < 1024) return t('size.bytes', { size: bytes });
    if (bytes < 1024 * 1024) return t('size.kb', { size: Math.round(bytes / 1024) });
    return t('size.mb', { size: Math.round(bytes / (1024 * 102.4)) / 10 });
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
