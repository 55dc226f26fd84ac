/**
 * Import Data: a drop area for .csv, .xlsx and .xls, the options updateExisting and sendNotification
 * (both off, shown in words: the field names are the API's, not the reader's), the expected columns; a dry-run preview, the per-row errors (downloadable as CSV),
 * 'Import valid rows only', upload and processing progress and the result summary. The file and the
 * options are one form checked with the shared importFormSchema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  IMPORT_EXTENSIONS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportForm,
  type ImportResult,
  importFormSchema,
} from '../../../shared/schemas/imports.js';
import { SwitchRow } from '../../components/switch-row';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { toastSuccess } from '../../lib/notify';
import { adminOrderKeys } from '../admin-orders/api';
import { type ImportProgress as Progress, sendImport } from './api';
import { ExpectedColumns } from './expected-columns';
import { ImportFileDrop } from './import-file-drop';
import { ImportProgress } from './import-progress';
import { ImportSummary } from './import-summary';

type Mode = 'preview' | 'import' | 'valid';

function acceptedName(name: string) {
  return IMPORT_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));
}

const fileRequired = () =>
  toast({
    variant: 'destructive',
    title: 'File required',
    description: 'Please select a CSV or Excel file to import',
  });

export default function ImportPage() {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof importFormSchema>, unknown, ImportForm>({
    resolver: zodResolver(importFormSchema),
    defaultValues: { file: undefined, updateExisting: false, sendNotification: false },
  });
  const file = form.watch('file');
  const [running, setRunning] = useState<Mode | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  function choose(next: File | undefined) {
    if (!next) return;
    if (!acceptedName(next.name)) {
      fileRequired();
      return;
    }
    form.setValue('file', next);
    setPreview(null);
    setResult(null);
  }

  async function send(mode: Mode, { file, updateExisting, sendNotification }: ImportForm) {
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

  // The only value the schema can refuse is a missing file.
  const run = (mode: Mode) => form.handleSubmit((values) => send(mode, values), fileRequired)();

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
          <ImportFileDrop file={file} onChoose={choose} />

          <div className="grid gap-3 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="updateExisting"
              render={({ field }) => (
                <SwitchRow
                  label="Update existing orders"
                  description="A row whose order ID is already in OrderFlow updates that order. Off: such rows are skipped."
                  checked={field.value}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    setPreview(null);
                  }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="sendNotification"
              render={({ field }) => (
                <SwitchRow
                  label="Send notifications"
                  description="E-mail each customer about the orders this import creates or updates for them. Off: nobody is e-mailed."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>

          {progress && <ImportProgress progress={progress} />}

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

      {shown && <ImportSummary result={shown} />}

      <ExpectedColumns />
    </section>
  );
}
