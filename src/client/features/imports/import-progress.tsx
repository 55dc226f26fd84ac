/** The upload's progress, then the server's processing, under the Import Data page's buttons. */
import { cn } from '../../lib/utils';
import type { ImportProgress as Progress } from './api';

export function ImportProgress({ progress }: { progress: Progress }) {
  const uploading = progress.phase === 'uploading';
  const label = uploading
    ? `Uploading and checking rows… ${progress.percent}%`
    : 'Processing rows and saving…';
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label={uploading ? 'Upload' : 'Processing'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploading ? progress.percent : undefined}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width]',
            !uploading && 'w-1/3 animate-pulse',
          )}
          style={uploading ? { width: `${progress.percent}%` } : undefined}
        />
      </div>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
