/**
 * Settings → Financing (decision 270): whether customers may apply for financing at the payment stage,
 * the providers with their addresses and terms, and the providers' signing secret, shown once when
 * created (decision 271).
 */
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { FinancingSettings } from '../../../shared/schemas/settings.js';
import { SwitchRow } from '../../components/switch-row';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { errorFields, errorMessage } from '../../lib/api';
import { useSaveSettings, useSettings } from '../settings/api';
import { useSaveFeedback } from '../settings/save-feedback';
import { SaveRow, SettingsCard, SettingsLoadState } from '../settings/settings-form';
import { useNewFinancingSecret } from './api';

interface ProviderValues {
  name: string;
  url: string;
  /** The terms as typed: '60, 120'. */
  terms: string;
}
interface FinancingValues {
  enabled: boolean;
  providers: ProviderValues[];
}

const toValues = (saved: FinancingSettings): FinancingValues => ({
  enabled: saved.enabled,
  providers: saved.providers.map((p) => ({ name: p.name, url: p.url, terms: p.termMonths.join(', ') })),
});

const toTerms = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);

export function FinancingSettingsTab() {
  const settings = useSettings('financing');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  return (
    <div className="grid gap-6">
      <FinancingForm saved={settings.data} />
      <SigningSecret masked={settings.data.signingSecret} onCreated={() => settings.refetch()} />
    </div>
  );
}

function FinancingForm({ saved }: { saved: FinancingSettings }) {
  const form = useForm<FinancingValues>({ values: toValues(saved) });
  const providers = useFieldArray({ control: form.control, name: 'providers' });
  const save = useSaveSettings('financing');
  const feedback = useSaveFeedback();
  const [providerError, setProviderError] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setProviderError(null);
    save.mutate(
      {
        enabled: values.enabled,
        providers: values.providers.map((p) => ({ name: p.name, url: p.url, termMonths: toTerms(p.terms) })),
      },
      {
        onSuccess: feedback.succeeded,
        onError: (error) => {
          setProviderError(errorFields(error).providers ?? null);
          feedback.failed(error);
        },
      },
    );
  });
  return (
    <SettingsCard
      title="Financing"
      description="Customers at the payment stage may apply for financing with these providers instead of paying the deposit."
    >
      <form noValidate className="grid gap-6" onSubmit={submit}>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <SwitchRow
              label="Offer financing"
              description="With at least one provider, a unit waiting for its deposit shows Apply for financing beside Complete payment."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <fieldset className="grid gap-4">
          <legend className="mb-1 font-semibold">Providers</legend>
          <p className="text-muted-foreground text-sm">
            Each submitted application is sent to its provider's address, signed with the secret below. Terms
            are in months, separated by commas.
          </p>
          {providers.fields.map((field, index) => (
            <div key={field.id} className="grid gap-3 rounded-lg border p-4 md:grid-cols-[1fr_2fr_1fr_auto]">
              <TextField
                label="Provider name"
                maxLength={100}
                {...form.register(`providers.${index}.name`)}
              />
              <TextField
                label="Application address (URL)"
                type="url"
                inputMode="url"
                {...form.register(`providers.${index}.url`)}
              />
              <TextField
                label="Terms (months)"
                inputMode="numeric"
                {...form.register(`providers.${index}.terms`)}
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="self-end"
                aria-label={`Remove provider ${index + 1}`}
                onClick={() => providers.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {providerError && (
            <p role="alert" className="text-destructive text-sm">
              {providerError}
            </p>
          )}
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => providers.append({ name: '', url: '', terms: '' })}
          >
            <Plus aria-hidden="true" />
            Add provider
          </Button>
        </fieldset>
        <SaveRow label="Save Financing Settings" pending={save.isPending} saved={feedback.saved} />
      </form>
    </SettingsCard>
  );
}

function SigningSecret({ masked, onCreated }: { masked: string; onCreated: () => void }) {
  const create = useNewFinancingSecret();
  const secret = create.data?.secret;
  return (
    <SettingsCard
      title="Signing secret"
      description="Providers check each application's webhook-signature header with this Standard Webhooks secret."
    >
      <div className="grid gap-4 text-sm">
        <p>
          {masked ? (
            <>
              Current secret: <code className="font-mono">{masked}</code>
            </>
          ) : (
            'No secret yet: create one and give it to each provider.'
          )}
        </p>
        {secret && (
          <Alert>
            <div className="col-span-2 grid gap-2">
              <p className="font-semibold">Copy the new secret now: it is not shown again.</p>
              <TextField
                label="New signing secret"
                readOnly
                value={secret}
                onFocus={(e) => e.target.select()}
              />
            </div>
          </Alert>
        )}
        {create.isError && (
          <p role="alert" className="text-destructive">
            {errorMessage(create.error) ?? 'The secret could not be created.'}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          loading={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: onCreated })}
        >
          {masked ? 'Replace signing secret' : 'Create signing secret'}
        </Button>
        {masked && (
          <p className="text-muted-foreground">
            Replacing it takes effect at once: give providers the new one.
          </p>
        )}
      </div>
    </SettingsCard>
  );
}
