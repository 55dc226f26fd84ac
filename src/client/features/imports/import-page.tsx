/**
 * Import Data: a drop area for .csv, .xlsx and .xls, the options updateExisting and sendNotification
 * (both off), the expected columns; a dry-run preview, the per-row errors (downloadable as CSV),
 * 'Import valid rows only', upload and processing progress and the result summary.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import {
  IMPORT_COLUMNS,
  IMPORT_EXTENSIONS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
  importErrorsCsv,
} from '../../../shared/schemas/imports.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { SwitchRow } from '../../components/switch-row';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { toastSuccess } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { adminOrderKeys } from '../admin-orders/api';
import { type ImportProgress, sendImport } from './api';

const COLUMN_HINTS: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  orderId: 'required, unique in the file',
  productName: 'required',
  quantity: 'whole number, 1 when empty',
  orderDate: '2025-03-14 or 3/14/2025',
  status: 'stage name, ORDER_PLACED when empty',
  email: 'links or creates the customer',
  zipCode: '5 digits or ZIP+4',
};

type Mode = 'preview' | 'import' | 'valid';

function acceptedName(name: string) {
  return IMPORT_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function ImportPage() {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [sendNotification, setSendNotification] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [running, setRunning] = useState<Mode | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  function choose(next: File | undefined) {
    if (!next) return;
    if (!acceptedName(next.name)) {
      toast({
        variant: 'destructive',
        title: 'File required',
        description: 'Please select a CSV or Excel file to import',
      });
      return;
    }
    setFile(next);
    setPreview(null);
    setResult(null);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function run(mode: Mode) {
    if (!file) {
      toast({
        variant: 'destructive',
        title: 'File required',
        description: 'Please select a CSV or Excel file to import',
      });
      return;
    }
    setRunning(mode);
    setProgress({ phase: 'uploading', percent: 0 });
    try {
      const answer = await sendImport(
        {
          file,
          updateExisting,
          sendNotification,
          dryRun: mode === 'preview',
          validRowsOnly: mode !== 'import',
        },
        setProgress,
      );
      if (mode === 'preview') {
        if (answer.status === 200 && answer.result) {
          setPreview(answer.result);
          setResult(null);
        } else {
          toast({ variant: 'destructive', title: 'Preview failed', description: answer.message });
        }
        return;
      }
      if (answer.status === 200 && answer.result) {
        setResult(answer.result);
        setPreview(null);
        await queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
        toastSuccess('Import successful', answer.result.message);
      } else {
        // A refused import still lists the rows at fault.
        if (answer.code === 'IMPORT_REFUSED' && answer.result) setPreview(answer.result);
        toast({ variant: 'destructive', title: 'Import failed', description: answer.message });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: mode === 'preview' ? 'Preview failed' : 'Import failed',
        description: error instanceof Error ? error.message : 'An error occurred',
      });
    } finally {
      setRunning(null);
      setProgress(null);
    }
  }

  const shown = result ?? preview;
  const hasErrors = (shown?.errors.length ?? 0) > 0;
  const validRows = shown ? shown.rows - shown.rejected : 0;

  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Import Data</h1>
        <p className="text-muted-foreground text-sm">
          Add or update orders from a spreadsheet. Preview first: nothing is written until you import.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Upload file</CardTitle>
          <CardDescription>
            CSV (UTF-8), Excel .xlsx or .xls; up to {IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB and{' '}
            {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. The first sheet of a workbook is read.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
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
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              className="sr-only"
              aria-label="Order file (.csv, .xlsx or .xls)"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>

          <div className="grid gap-3 sm:grid-cols-2">
            <SwitchRow
              label="Update existing orders"
              description="updateExisting: rows whose orderId already exists update that order instead of being skipped."
              checked={updateExisting}
              onCheckedChange={(on) => {
                setUpdateExisting(on);
                setPreview(null);
              }}
            />
            <SwitchRow
              label="Send notifications"
              description="sendNotification: customers get an e-mail about each order created or updated for them."
              checked={sendNotification}
              onCheckedChange={setSendNotification}
            />
          </div>

          {progress && <ProgressBar progress={progress} />}

          <div className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              onClick={() => run('preview')}
              loading={running === 'preview'}
              disabled={running !== null}
            >
              Preview
            </Button>
            <Button onClick={() => run('import')} loading={running === 'import'} disabled={running !== null}>
              Import
            </Button>
            {hasErrors && !result && validRows > 0 && (
              <Button
                variant="secondary"
                onClick={() => run('valid')}
                loading={running === 'valid'}
                disabled={running !== null}
              >
                Import valid rows only
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      {shown && <Summary result={shown} />}

      <Card>
        <CardHeader>
          <CardTitle>Expected columns</CardTitle>
          <CardDescription>
            The header row names the columns, in any order; case, spaces and underscores do not matter ('Order
            ID' is orderId).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {IMPORT_COLUMNS.map((column) => (
              <li key={column} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{column}</code>
                <span className="text-muted-foreground">{COLUMN_HINTS[column]}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function ProgressBar({ progress }: { progress: ImportProgress }) {
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

function Summary({ result }: { result: ImportResult }) {
  const title = result.dryRun
    ? 'Preview'
    : result.created + result.updated + result.skipped > 0
      ? 'Import result'
      : 'Rows to fix';
  const counts = [
    { label: result.dryRun ? 'To create' : 'Created', value: result.created },
    { label: result.dryRun ? 'To update' : 'Updated', value: result.updated },
    { label: result.dryRun ? 'To skip' : 'Skipped', value: result.skipped },
    { label: 'Rejected', value: result.rejected },
  ];
  function downloadErrors() {
    const blob = new Blob([importErrorsCsv(result.errors)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'import-errors.csv';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{result.message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((count) => (
            <div key={count.label} className="rounded-lg border p-3">
              <dt className="text-muted-foreground text-sm">{count.label}</dt>
              <dd className="font-semibold text-2xl tabular-nums">{count.value.toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>

        {result.errors.length > 0 && (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="font-semibold">
                Errors
                {result.rejected > 0 &&
                  ` in ${result.rejected.toLocaleString('en-US')} ${result.rejected === 1 ? 'row' : 'rows'}`}
              </h3>
              <Button variant="outline" size="sm" onClick={downloadErrors}>
                <Download aria-hidden />
                Download errors
              </Button>
            </div>
            <div className="max-h-96 overflow-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Row</TableHead>
                    <TableHead>Column</TableHead>
                    <TableHead>Reason</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.errors.map((error, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row can have several errors; the list never reorders
                    <TableRow key={index}>
                      <TableCell className="tabular-nums">{error.row}</TableCell>
                      <TableCell>{error.column ?? '—'}</TableCell>
                      <TableCell className="whitespace-normal break-words">{error.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}

        {result.orders.length > 0 && (
          <div className="grid gap-3">
            <h3 className="font-semibold">
              Orders
              {result.orders.length < result.created + result.updated + result.skipped &&
                ` (first ${result.orders.length})`}
            </h3>
            <div className="max-h-96 overflow-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Row</TableHead>
                    <TableHead>Order ID</TableHead>
                    <TableHead>Product</TableHead>
                    <TableHead>Qty</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Action</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.orders.map((order) => (
                    <TableRow key={order.row}>
                      <TableCell className="tabular-nums">{order.row}</TableCell>
                      <TableCell>{order.orderId}</TableCell>
                      <TableCell className="whitespace-normal break-words">{order.productName}</TableCell>
                      <TableCell className="tabular-nums">{order.quantity}</TableCell>
                      <TableCell>{order.status ? STAGE_LABELS[order.status] : '—'}</TableCell>
                      <TableCell>{actionLabel(order.action, result.dryRun)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function actionLabel(action: 'created' | 'updated' | 'skipped', dryRun: boolean) {
  if (!dryRun) return action[0]?.toUpperCase() + action.slice(1);
  return { created: 'Will be created', updated: 'Will be updated', skipped: 'Will be skipped' }[action];
}
