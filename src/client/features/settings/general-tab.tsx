/**
 * General: company name, contact e-mail, brand colour and the external pages the product's buttons open
 * (decision 36). The theme is switched only in the sidebar, so it is not here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { generalSettingsSchema } from '../../../shared/schemas/settings.js';
import { useSaveSettings, useSettings } from './api';
import { BrandPreview } from './brand-preview';
import { useSaveFeedback } from './save-feedback';
import { FormTextField, SaveRow, SettingsCard, SettingsLoadState, showFieldErrors } from './settings-form';

// Everything but the theme, which only the sidebar switches. (Rebuilt from the shape rather than
// z.pick, whose helper would land in the sign-in page's first load.)
const { theme: _theme, ...generalFields } = generalSettingsSchema.def.shape;
const generalFormSchema = z.object(generalFields);
type GeneralValues = z.infer<typeof generalFormSchema>;
const FIELD_NAMES = [
  'companyName',
  'contactEmail',
  'brandColor',
  'faqUrl',
  'storeUrl',
  'membersAreaUrl',
] as const;

export function GeneralTab() {
  const settings = useSettings('general');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  const { companyName, contactEmail, brandColor, faqUrl, storeUrl, membersAreaUrl } = settings.data;
  return <GeneralForm saved={{ companyName, contactEmail, brandColor, faqUrl, storeUrl, membersAreaUrl }} />;
}

function GeneralForm({ saved }: { saved: GeneralValues }) {
  const form = useForm<GeneralValues>({ values: saved, resolver: zodResolver(generalFormSchema) });
  const save = useSaveSettings('general');
  const feedback = useSaveFeedback();

  const submit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: feedback.succeeded,
      onError: (error) => {
        showFieldErrors(form, error, FIELD_NAMES);
        feedback.failed(error);
      },
    });
  });

  return (
    <SettingsCard title="General Settings" description="How the portal presents your company to customers.">
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <div className="grid gap-4 md:grid-cols-2">
          <FormTextField
            form={form}
            name="companyName"
            label="Company Name"
            autoComplete="organization"
            maxLength={200}
          />
          <FormTextField
            form={form}
            name="contactEmail"
            label="Contact Email"
            type="email"
            autoComplete="email"
            placeholder="support@yourcompany.com"
          />
        </div>
        <BrandColorField form={form} />
        <fieldset className="grid gap-4">
          <legend className="mb-1 font-semibold">Links</legend>
          <p className="text-muted-foreground text-sm">
            The pages the portal's buttons open: an http(s) address, or a path of this portal such as /.
          </p>
          <FormTextField
            form={form}
            name="faqUrl"
            label="Help & Support (FAQ) URL"
            type="url"
            inputMode="url"
          />
          <FormTextField form={form} name="storeUrl" label="Store URL" type="url" inputMode="url" />
          <FormTextField
            form={form}
            name="membersAreaUrl"
            label="Members Area URL"
            type="url"
            inputMode="url"
          />
        </fieldset>
        <SaveRow label="Save Changes" pending={save.isPending} saved={feedback.saved} />
      </form>
    </SettingsCard>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour swatch and its hex value, kept in step; either one can be used. */
function BrandColorField({ form }: { form: ReturnType<typeof useForm<GeneralValues>> }) {
  const value = form.watch('brandColor');
  return (
    <div className="grid gap-2 sm:max-w-xs">
      <FormTextField
        form={form}
        name="brandColor"
        label="Brand Color"
        maxLength={7}
        spellCheck={false}
        autoCapitalize="off"
        trailing={
          <input
            type="color"
            aria-label="Brand color picker"
            value={HEX.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(event) =>
              form.setValue('brandColor', event.target.value, { shouldDirty: true, shouldValidate: true })
            }
            className="size-8 cursor-pointer rounded-md border border-input bg-card p-0.5 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        }
      />
      <p className="text-muted-foreground text-sm">
        Used for buttons and highlights, adjusted where needed so that text stays readable.
      </p>
      <BrandPreview hex={value} />
    </div>
  );
}
