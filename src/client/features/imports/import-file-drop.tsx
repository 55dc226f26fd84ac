/** The Import Data page's drop area: a .csv, .xlsx or .xls file dropped on it or chosen by a click. */
import { FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { cn } from '../../lib/utils';

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function ImportFileDrop({
  file,
  onChoose,
}: {
  file: File | undefined;
  /** A file dropped or chosen (undefined when the choice was cancelled). */
  onChoose: (file: File | undefined) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files[0]);
  }

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background hover:bg-accent/50',
        dragging && 'border-primary bg-accent',
      )}
    >
      {file ? (
        <FileSpreadsheet className="size-8 text-primary" aria-hidden />
      ) : (
        <Upload className="size-8 text-muted-foreground" aria-hidden />
      )}
      <span className="font-medium text-sm">
        {file ? file.name : 'Drop a .csv, .xlsx or .xls file here, or click to choose one'}
      </span>
      {file && (
        <span className="text-muted-foreground text-xs">
          {formatBytes(file.size)} · click to choose another
        </span>
      )}
      <input
        id={inputId}
        type="file"
        accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
        className="sr-only"
        aria-label="Order file (.csv, .xlsx or .xls)"
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
