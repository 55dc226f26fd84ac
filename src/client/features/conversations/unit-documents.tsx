/**
 * A unit's documents (permits, the final documentation) as its customer sees them, and the staff's
 * dialog that attaches one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { attachDocumentFormSchema, UPLOAD_ACCEPT } from '../../../shared/schemas/conversations.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { TextField } from '../../components/ui/text-field';
import { errorFields } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { uploadFile, useAddUnitDocument, useUnitDocuments } from './api';
import { FileLink } from './file-link';

/** The unit's documents, or nothing while there are none. */
export function UnitDocuments({
  itemId,
  final = false,
  as: Heading = 'h3',
}: {
  itemId: number;
  /** The unit is at its final documents or delivered: its documents are the final documentation. */
  final?: boolean;
  as?: 'h3' | 'h4';
}) {
  const { t } = useTranslation('conversations');
  const documents = useUnitDocuments(itemId);
  const headingId = useId();
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <Heading id={headingId} className="font-medium text-sm">
        {final ? t('documents.final') : t('documents.title')}
      </Heading>
      <ul className="flex flex-wrap gap-2">
        {documents.data.map((doc) => (
          <li key={doc.id} className="grid min-w-0 max-w-full gap-1">
            <span className="text-muted-foreground text-xs">{doc.title}</span>
            <FileLink file={doc.file} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Staff: a file and its title, uploaded to the order and listed on the unit. */
export function AttachDocumentButton({
  orderId,
  itemId,
  unitName,
}: {
  orderId: number;
  itemId: number;
  unitName: string;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<
    z.input<typeof attachDocumentFormSchema>,
    unknown,
    z.output<typeof attachDocumentFormSchema>
  >({
    resolver: zodResolver(attachDocumentFormSchema),
    defaultValues: { title: '', file: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const add = useAddUnitDocument(itemId);
  const fileId = useId();

  async function attach({ title, file }: z.output<typeof attachDocumentFormSchema>) {
    try {
      const upload = await uploadFile(orderId, file);
      await add.mutateAsync({ uploadId: upload.id, title });
      toastSuccess('Document attached', `${title} is listed on ${unitName}.`);
      setOpen(false);
      form.reset();
    } catch (error) {
      const fields = errorFields(error);
      if (fields.title) form.setError('title', { message: fields.title });
      else toastError('Document not attached', error, GENERIC_ERROR);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Attach document to ${unitName}`}
      >
        <FilePlus2 aria-hidden="true" />
        Attach document
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Attach a document</DialogTitle>
            <DialogDescription>
              The customer sees it in the details of {unitName}. PDF, JPEG, PNG, WebP or HEIC, up to 10 MB.
            </DialogDescription>
          </DialogHeader>
          <form className="grid gap-4" onSubmit={form.handleSubmit(attach)} noValidate>
            <TextField
              label="Title"
              maxLength={200}
              error={errors.title?.message}
              {...form.register('title')}
            />
            <div className="grid gap-2">
              <Label htmlFor={fileId}>File</Label>
              <input
                id={fileId}
                type="file"
                accept={UPLOAD_ACCEPT}
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errors.file ? `${fileId}-error` : undefined}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) form.setValue('file', chosen, { shouldValidate: form.formState.isSubmitted });
                  else form.resetField('file');
                }}
                className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:font-medium file:text-foreground"
              />
              {errors.file && (
                <p id={`${fileId}-error`} className="text-destructive text-sm">
                  {errors.file.message}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Attach
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
