/**
 * Help: the questions and answers of the customers' built-in help page (/help), in English, Spanish and
 * French (decision 266). English is required; an empty translation shows the English text. The order
 * here is the page's order.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import type { Locale } from '../../../shared/locales.js';
import {
  HELP_ANSWER_MAX,
  HELP_ENTRIES_MAX,
  HELP_QUESTION_MAX,
  type HelpSettings,
  helpSettingsSchema,
} from '../../../shared/schemas/help.js';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSaveSettings, useSettings } from './api';
import { useSaveFeedback } from './save-feedback';
import { SaveRow, SettingsCard, SettingsLoadState, showFieldErrors } from './settings-form';

const LANGUAGES: readonly { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Spanish' },
  { locale: 'fr', name: 'French' },
];

export function HelpTab() {
  const settings = useSettings('help');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  return <HelpForm saved={settings.data} />;
}

function newId(): string {
  return `q-${crypto.randomUUID().slice(0, 8)}`;
}

function HelpForm({ saved }: { saved: HelpSettings }) {
  const form = useForm<HelpSettings>({ values: saved, resolver: zodResolver(helpSettingsSchema) });
  const entries = useFieldArray({ control: form.control, name: 'helpEntries', keyName: 'key' });
  const save = useSaveSettings('help');
  const feedback = useSaveFeedback();
  const rootError =
    form.formState.errors.helpEntries?.root?.message ?? form.formState.errors.helpEntries?.message;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: feedback.succeeded,
      onError: (error) => {
        showFieldErrors(form, error, ['helpEntries']);
        feedback.failed(error);
      },
    }),
  );

  return (
    <SettingsCard
      title="Help"
      description={
        <>
          The questions and answers of the customers’ help page (
          <a className="underline" href="/help">
            /help
          </a>
          ), which Help &amp; Support opens until a Help &amp; Support (FAQ) URL is set under General. English
          is required; an empty translation shows the English text.
        </>
      }
    >
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <ol className="grid gap-4">
          {entries.fields.map((field, index) => (
            <li key={field.key}>
              <EntryFields
                form={form}
                index={index}
                count={entries.fields.length}
                onMove={(to) => entries.move(index, to)}
                onRemove={() => entries.remove(index)}
              />
            </li>
          ))}
        </ol>
        {entries.fields.length === 0 && (
          <p className="text-muted-foreground text-sm">
            No questions: the help page shows only how to reach you.
          </p>
        )}
        {rootError && <p className="text-destructive text-sm">{rootError}</p>}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={entries.fields.length >= HELP_ENTRIES_MAX}
          onClick={() =>
            entries.append({
              id: newId(),
              question: { en: '', es: '', fr: '' },
              answer: { en: '', es: '', fr: '' },
            })
          }
        >
          <Plus aria-hidden="true" />
          Add Question
        </Button>
        <SaveRow label="Save Help" pending={save.isPending} saved={feedback.saved} />
      </form>
    </SettingsCard>
  );
}

function EntryFields({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<HelpSettings>;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  const errors = form.formState.errors.helpEntries?.[index];
  const english = form.watch(`helpEntries.${index}.question.en`);
  const name = `Question ${index + 1}`;
  return (
    <fieldset aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-medium text-sm">
          {name}
          {english ? `: ${english}` : ''}
        </h3>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {LANGUAGES.map(({ locale, name: language }) => (
          <div key={locale} className="grid content-start gap-3">
            <TextField
              label={`Question (${language})`}
              maxLength={HELP_QUESTION_MAX}
              error={errors?.question?.[locale]?.message}
              {...form.register(`helpEntries.${index}.question.${locale}`)}
            />
            <AnswerField
              label={`Answer (${language})`}
              error={errors?.answer?.[locale]?.message}
              registration={form.register(`helpEntries.${index}.answer.${locale}`)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function AnswerField({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: ReturnType<UseFormReturn<HelpSettings>['register']>;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={HELP_ANSWER_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive sm:text-sm"
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
