import { FileText, Paperclip, Send, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { UploadDto } from '../../../shared/schemas/conversations.js';
import { UPLOAD_ACCEPT } from '../../../shared/schemas/conversations.js';
import {
  EMPLOYMENT_STATUSES,
  type FinancingApplication,
  type FinancingDraft,
  financingPortalSchema,
  MAX_FINANCING_DOCUMENTS,
} from '../../../shared/schemas/financing.js';
import { SelectField } from '../../components/select-field';
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
import { useServerError } from '../../lib/server-error';
import { useFormat } from '../../lib/use-format';
import { uploadFile } from '../conversations/api';
import {
  useFinancingApplication,
  useSaveFinancingDraft,
  useSubmitFinancingApplication,
  useWithdrawFinancingApplication,
} from './api';
import { FinancingStateBadge } from './financing-state-badge';
import { fieldErrorKey } from './keys';

/** What the form holds: amounts as the customer types them (dollars), choices as text. */
interface FormValues {
  provider: string;
  termMonths: string;
  amount: string;
  applicant: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    address: string;
    employmentStatus: string;
    annualIncome: string;
  };
  consent: boolean;
}

const EMPTY: FormValues = {
  provider: '',
  termMonths: '',
  amount: '',
  applicant: {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    dateOfBirth: '',
    address: '',
    employmentStatus: '',
    annualIncome: '',
  },
  consent: false,
};

/** Dollars as typed ('47,500.50') to cents; null when nothing or no number was typed. */
function toCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

const toDollars = (cents: number | null | undefined) => (cents == null ? '' : String(cents / 100));

function fromApplication(application: FinancingApplication | undefined): FormValues {
  if (!application) return EMPTY;
  const a = application.applicant;
  return {
    provider: application.provider ?? '',
    termMonths: application.termMonths == null ? '' : String(application.termMonths),
    amount: toDollars(application.amount),
    applicant: {
      firstName: a.firstName ?? '',
      lastName: a.lastName ?? '',
      email: a.email ?? '',
      phone: a.phone ?? '',
      dateOfBirth: a.dateOfBirth ?? '',
      address: a.address ?? '',
      employmentStatus: a.employmentStatus ?? '',
      annualIncome: toDollars(a.annualIncome),
    },
    consent: application.consent,
  };
}

/** The form as the server's draft: what is filled in, the rest empty. */
function toDraft(values: FormValues, documentIds: string[]): FinancingDraft {
  const term = Number.parseInt(values.termMonths, 10);
  const { applicant } = values;
  return {
    provider: values.provider || null,
    termMonths: Number.isNaN(term) ? null : term,
    amount: toCents(values.amount),
    applicant: {
      ...applicant,
      phone: applicant.phone.replace(/\D/g, ''),
      employmentStatus: (EMPLOYMENT_STATUSES as readonly string[]).includes(applicant.employmentStatus)
        ? (applicant.employmentStatus as (typeof EMPLOYMENT_STATUSES)[number])
        : '',
      annualIncome: toCents(applicant.annualIncome),
    },
    documentIds,
    consent: values.consent,
  };
}

/** The field paths of the form ('applicant.phone') whose rule failed, as the server names them too. */
function errorsOf(paths: readonly string[]): FieldErrors<FormValues> {
  const errors: Record<string, unknown> = {};
  for (const path of paths) {
    const [head, tail] = path.split('.');
    if (!head) continue;
    const message = path;
    if (tail) {
      const group = (errors[head] ?? {}) as Record<string, unknown>;
      group[tail] ??= { type: 'server', message };
      errors[head] = group;
    } else {
      errors[head] ??= { type: 'server', message };
    }
  }
  return errors as FieldErrors<FormValues>;
}

/**
 * The portal's schema (the server's financingSubmissionSchema with every detail and the consent) checks the form before it
 * is sent; each failing field is shown by its path in the reader's language.
 */
function submissionResolver(documentIds: () => string[]): Resolver<FormValues> {
  return (values) => {
    const parsed = z.safeParse(financingPortalSchema, toDraft(values, documentIds()));
    if (parsed.success) return { values, errors: {} };
    return { values: {}, errors: errorsOf(parsed.error.issues.map((issue) => issue.path.join('.'))) };
  };
}

const AUTOSAVE_MS = 1200;

interface FinancingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orderId: number;
  itemId: number;
  unitLabel: string;
  providers: readonly { name: string; termMonths: readonly number[] }[];
  /** Whether an application exists to load (the unit's financing said so). */
  hasApplication: boolean;
}

/**
 * The financing application of a unit: a form saved as a draft as the customer goes (and on Save
 * draft), documents through the uploads, and Submit, which sends the saved application to the
 * provider. A submitted or decided application is shown, not edited; a submitted one may be
 * withdrawn, and a declined or withdrawn one redone.
 */
export function FinancingDialog({
  open,
  onOpenChange,
  orderId,
  itemId,
  unitLabel,
  providers,
  hasApplication,
}: FinancingDialogProps) {
  const { t } = useTranslation('financing');
  const application = useFinancingApplication(orderId, itemId, { enabled: open && hasApplication });
  const loaded = !hasApplication || application.data !== undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[640px]">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { unit: unitLabel })}</DialogDescription>
        </DialogHeader>
        {!loaded && <p role="status">{t('loading')}</p>}
        {loaded && (
          <ApplicationBody
            orderId={orderId}
            itemId={itemId}
            providers={providers}
            application={application.data}
            onClose={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ApplicationBody({
  orderId,
  itemId,
  providers,
  application,
  onClose,
}: {
  orderId: number;
  itemId: number;
  providers: FinancingDialogProps['providers'];
  application: FinancingApplication | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('financing');
  const [redoing, setRedoing] = useState(false);
  const state = application?.state;
  const redoable = state === 'declined' || state === 'withdrawn';
  if (application && (state === 'submitted' || state === 'approved' || (redoable && !redoing))) {
    return (
      <ApplicationSummary
        orderId={orderId}
        itemId={itemId}
        application={application}
        onRedo={() => setRedoing(true)}
        onClose={onClose}
      />
    );
  }
  return (
    <>
      {redoable && (
        <p className="text-muted-foreground text-sm">
          {state === 'declined' ? t('redoNote.declined') : t('redoNote.withdrawn')}
        </p>
      )}
      <ApplicationForm
        orderId={orderId}
        itemId={itemId}
        providers={providers}
        application={application}
        onClose={onClose}
      />
    </>
  );
}

function ApplicationSummary({
  orderId,
  itemId,
  application,
  onRedo,
  onClose,
}: {
  orderId: number;
  itemId: number;
  application: FinancingApplication;
  onRedo: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('financing');
  const format = useFormat();
  const withdraw = useWithdrawFinancingApplication(orderId, itemId);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="grid gap-4">
      <div role="status" className="grid gap-2">
        <FinancingStateBadge state={application.state} className="justify-self-start" />
        <p className="text-sm">
          {t(`stateNote.${application.state}`, { provider: application.provider ?? '' })}
        </p>
      </div>
      <dl className="grid gap-2 rounded-lg border p-4 text-sm">
        <SummaryRow label={t('field.provider')}>{application.provider}</SummaryRow>
        <SummaryRow label={t('field.termMonths')}>
          {application.termMonths != null && t('months', { count: application.termMonths })}
        </SummaryRow>
        <SummaryRow label={t('field.amount')}>{format.money(application.amount)}</SummaryRow>
        {application.submittedAt && (
          <SummaryRow label={t('submittedOn')}>{format.date(application.submittedAt)}</SummaryRow>
        )}
        {application.documents.length > 0 && (
          <SummaryRow label={t('documents')}>
            {application.documents.map((d) => d.name).join(', ')}
          </SummaryRow>
        )}
      </dl>
      {confirming && (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/50 p-4 text-sm">
          <p>{t('withdrawConfirm', { provider: application.provider ?? '' })}</p>
          {withdraw.isError && <p className="text-destructive">{t('withdrawFailed')}</p>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('withdrawKeep')}
            </Button>
            <Button
              variant="destructive"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('withdraw')}
            </Button>
          </div>
        </div>
      )}
      <DialogFooter className="gap-2">
        {application.state === 'submitted' && !confirming && (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t('withdraw')}
          </Button>
        )}
        {(application.state === 'declined' || application.state === 'withdrawn') && (
          <Button variant="outline" onClick={onRedo}>
            {t('applyAgain')}
          </Button>
        )}
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogFooter>
    </div>
  );
}

function SummaryRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right">{children}</dd>
    </div>
  );
}

function ApplicationForm({
  orderId,
  itemId,
  providers,
  application,
  onClose,
}: {
  orderId: number;
  itemId: number;
  providers: FinancingDialogProps['providers'];
  application: FinancingApplication | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('financing');
  const serverError = useServerError();
  const [documents, setDocuments] = useState<UploadDto[]>(application?.documents ?? []);
  const documentIds = useRef<string[]>(documents.map((d) => d.id));
  documentIds.current = documents.map((d) => d.id);
  const form = useForm<FormValues>({
    defaultValues: fromApplication(application),
    resolver: submissionResolver(() => documentIds.current),
  });
  const { errors } = form.formState;
  const save = useSaveFinancingDraft(orderId, itemId);
  const submit = useSubmitFinancingApplication(orderId, itemId);
  const [savedAt, setSavedAt] = useState<string | null>(application?.updatedAt ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fileId = useId();
  const format = useFormat();

  const saveNow = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const saved = await save.mutateAsync(toDraft(form.getValues(), documentIds.current));
    setSavedAt(saved.updatedAt);
    setFailure(null);
    return saved;
  }, [form, save]);

  const scheduleSave = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      saveNow().catch((error: unknown) => setFailure(serverError(error) ?? t('saveFailed')));
    }, AUTOSAVE_MS);
  }, [saveNow, serverError, t]);

  // Saved as the customer goes: a moment after the last change.
  useEffect(() => {
    const subscription = form.watch((_, { type }) => {
      if (type === 'change') scheduleSave();
    });
    return () => subscription.unsubscribe();
  }, [form, scheduleSave]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const provider = form.watch('provider');
  const terms = providers.find((p) => p.name === provider)?.termMonths ?? [];

  async function addFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    setUploading(true);
    setFailure(null);
    try {
      const added: UploadDto[] = [];
      for (const file of [...files].slice(0, MAX_FINANCING_DOCUMENTS - documents.length)) {
        added.push(await uploadFile(orderId, file));
      }
      const next = [...documents, ...added];
      setDocuments(next);
      documentIds.current = next.map((d) => d.id);
      await saveNow();
    } catch (error) {
      setFailure(serverError(error) ?? t('uploadFailed'));
    } finally {
      setUploading(false);
    }
  }

  function removeDocument(id: string) {
    const next = documents.filter((d) => d.id !== id);
    setDocuments(next);
    documentIds.current = next.map((d) => d.id);
    scheduleSave();
  }

  const onSubmit = form.handleSubmit(async () => {
    setFailure(null);
    try {
      await saveNow();
      await submit.mutateAsync();
    } catch (error) {
      const fields = Object.keys(errorFields(error));
      if (fields.length > 0) {
        const mapped = errorsOf(fields) as Record<string, unknown>;
        for (const path of fields) form.setError(path as never, { type: 'server', message: path });
        if (Object.keys(mapped).length === 0) setFailure(serverError(error) ?? t('submitFailed'));
      } else {
        setFailure(serverError(error) ?? t('submitFailed'));
      }
    }
  });

  /** A field's translated error, by its path ('applicant.phone'). */
  const errorText = (path: string, message: string | undefined) =>
    message === undefined ? undefined : t(fieldErrorKey(path));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('section.loan')}</legend>
        <Controller
          control={form.control}
          name="provider"
          render={({ field }) => (
            <SelectField
              label={t('field.provider')}
              value={field.value || undefined}
              onChange={(value) => {
                field.onChange(value);
                const offered = providers.find((p) => p.name === value)?.termMonths ?? [];
                if (!offered.includes(Number(form.getValues('termMonths')))) form.setValue('termMonths', '');
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              placeholder={t('choose')}
              choices={providers.map((p) => ({ value: p.name, label: p.name }))}
              error={errorText('provider', errors.provider?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="termMonths"
          render={({ field }) => (
            <SelectField
              label={t('field.termMonths')}
              value={field.value || undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              placeholder={provider ? t('choose') : t('chooseProviderFirst')}
              choices={terms.map((months) => ({
                value: String(months),
                label: t('months', { count: months }),
              }))}
              error={errorText('termMonths', errors.termMonths?.message)}
            />
          )}
        />
        <TextField
          label={t('field.amount')}
          inputMode="decimal"
          autoComplete="off"
          error={errorText('amount', errors.amount?.message)}
          {...form.register('amount')}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('section.applicant')}</legend>
        <TextField
          label={t('field.firstName')}
          autoComplete="given-name"
          maxLength={100}
          error={errorText('applicant.firstName', errors.applicant?.firstName?.message)}
          {...form.register('applicant.firstName')}
        />
        <TextField
          label={t('field.lastName')}
          autoComplete="family-name"
          maxLength={100}
          error={errorText('applicant.lastName', errors.applicant?.lastName?.message)}
          {...form.register('applicant.lastName')}
        />
        <TextField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          error={errorText('applicant.email', errors.applicant?.email?.message)}
          {...form.register('applicant.email')}
        />
        <TextField
          label={t('field.phone')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          error={errorText('applicant.phone', errors.applicant?.phone?.message)}
          {...form.register('applicant.phone')}
        />
        <TextField
          label={t('field.dateOfBirth')}
          type="date"
          autoComplete="bday"
          error={errorText('applicant.dateOfBirth', errors.applicant?.dateOfBirth?.message)}
          {...form.register('applicant.dateOfBirth')}
        />
        <Controller
          control={form.control}
          name="applicant.employmentStatus"
          render={({ field }) => (
            <SelectField
              label={t('field.employmentStatus')}
              value={field.value || undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              placeholder={t('choose')}
              choices={EMPLOYMENT_STATUSES.map((status) => ({
                value: status,
                label: t(`employment.${status}`),
              }))}
              error={errorText('applicant.employmentStatus', errors.applicant?.employmentStatus?.message)}
            />
          )}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t('field.address')}
            autoComplete="street-address"
            maxLength={300}
            error={errorText('applicant.address', errors.applicant?.address?.message)}
            {...form.register('applicant.address')}
          />
        </div>
        <TextField
          label={t('field.annualIncome')}
          inputMode="decimal"
          autoComplete="off"
          error={errorText('applicant.annualIncome', errors.applicant?.annualIncome?.message)}
          {...form.register('applicant.annualIncome')}
        />
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">{t('documents')}</legend>
        <p className="text-muted-foreground text-sm">{t('documentsHint')}</p>
        {documents.length > 0 && (
          <ul className="grid gap-2">
            {documents.map((document) => (
              <li key={document.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 break-all">{document.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('removeDocument', { name: document.name })}
                  onClick={() => removeDocument(document.id)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {documents.length < MAX_FINANCING_DOCUMENTS && (
          <div className="grid gap-2">
            <Label htmlFor={fileId} className="inline-flex items-center gap-2">
              <Paperclip aria-hidden="true" className="size-4" />
              {t('addDocument')}
            </Label>
            <input
              id={fileId}
              type="file"
              multiple
              accept={UPLOAD_ACCEPT}
              disabled={uploading}
              onChange={(event) => {
                void addFiles(event.target.files);
                event.target.value = '';
              }}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:font-medium file:text-foreground"
            />
          </div>
        )}
      </fieldset>

      <div className="grid gap-1">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${fileId}-consent-error` : undefined}
            {...form.register('consent')}
          />
          <span>{t('consent')}</span>
        </label>
        {errors.consent && (
          <p id={`${fileId}-consent-error`} className="text-destructive text-sm">
            {t(fieldErrorKey('consent'))}
          </p>
        )}
      </div>

      <p role="status" aria-live="polite" className="text-muted-foreground text-sm">
        {uploading
          ? t('uploading')
          : save.isPending
            ? t('saving')
            : savedAt
              ? t('savedAt', { time: format.dateTime(savedAt) })
              : ''}
      </p>
      {failure && (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      )}

      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {t('close')}
        </Button>
        <Button
          type="button"
          variant="outline"
          loading={save.isPending}
          onClick={() => {
            saveNow().catch((error: unknown) => setFailure(serverError(error) ?? t('saveFailed')));
          }}
        >
          {t('saveDraft')}
        </Button>
        <Button type="submit" loading={submit.isPending} disabled={uploading}>
          <Send aria-hidden="true" />
          {t('submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
