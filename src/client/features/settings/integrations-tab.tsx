/**
 * Integrations: the website builder's connection, the automation webhook and card payments. Saved
 * secrets arrive masked and are never shown; sent back unchanged they stay as they are (decision 38). A
 * newly typed Stripe secret goes to POST /api/stripe/update-key first, whose failure is only logged,
 * then the whole tab is saved (the batch stores the key as well).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { type IntegrationSettings, integrationSettingsSchema } from '../../../shared/schemas/settings.js';
import { SwitchRow } from '../../components/switch-row';
import { Badge } from '../../components/ui/badge';
import { TextField, type TextFieldProps } from '../../components/ui/text-field';
import { SigningSecretField } from '../outbound-webhooks/signing-secret';
import { useSaveSettings, useSettings, useUpdateStripeKey } from './api';
import { useSaveFeedback } from './save-feedback';
import { SaveRow, SettingsCard, SettingsLoadState, showFieldErrors } from './settings-form';

// The browser sets neither the website builder's key, its verification nor the automation signing
// secret (server-owned). Rebuilt
// from the shape rather than z.pick, whose helper would land in the sign-in page's first load.
const {
  webflowApiKey: _webflowApiKey,
  webflowVerified: _webflowVerified,
  automationSigningSecret: _automationSigningSecret,
  ...integrationFields
} = integrationSettingsSchema.def.shape;
const integrationsFormSchema = z.object(integrationFields);
type IntegrationValues = z.infer<typeof integrationsFormSchema>;
const FIELD_NAMES = [
  'webflowSiteId',
  'zapierWebhookUrl',
  'stripeEnabled',
  'stripePublicKey',
  'stripeSecretKey',
  'stripeWebhookSecret',
  'allowBackwardMoves',
] as const;

export function IntegrationsTab() {
  const settings = useSettings('integrations');
  if (!settings.data) return <SettingsLoadState error={settings.error} onRetry={() => settings.refetch()} />;
  return <IntegrationsForm saved={settings.data} />;
}

function IntegrationsForm({ saved }: { saved: IntegrationSettings }) {
  const values: IntegrationValues = {
    webflowSiteId: saved.webflowSiteId,
    zapierWebhookUrl: saved.zapierWebhookUrl,
    stripeEnabled: saved.stripeEnabled,
    stripePublicKey: saved.stripePublicKey,
    stripeSecretKey: saved.stripeSecretKey,
    stripeWebhookSecret: saved.stripeWebhookSecret,
    allowBackwardMoves: saved.allowBackwardMoves,
  };
  const form = useForm<IntegrationValues>({ values, resolver: zodResolver(integrationsFormSchema) });
  const save = useSaveSettings('integrations');
  const updateStripeKey = useUpdateStripeKey();
  const feedback = useSaveFeedback();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (next) => {
    const newSecret = next.stripeSecretKey !== saved.stripeSecretKey && next.stripeSecretKey !== '';
    if (newSecret) {
      try {
        await updateStripeKey.mutateAsync(next.stripeSecretKey);
      } catch (error) {
        // Only logged: the batch below still stores the key, so the admin loses nothing.
        console.warn('Updating the Stripe key failed', error);
      }
    }
    save.mutate(next, {
      onSuccess: feedback.succeeded,
      onError: (error) => {
        showFieldErrors(form, error, FIELD_NAMES);
        feedback.failed(error);
      },
    });
  });

  return (
    <SettingsCard title="Integrations" description="The external services this portal works with.">
      <form noValidate className="grid gap-8" onSubmit={submit}>
        <Section
          title="Website Builder (Webflow)"
          aside={
            saved.webflowVerified ? (
              <Badge variant="success">Connected</Badge>
            ) : (
              <Badge variant="secondary">Not Verified</Badge>
            )
          }
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="API Key"
              readOnly
              value={saved.webflowApiKey}
              placeholder="Not set"
              className="bg-muted"
            />
            <TextField
              label="Site ID"
              autoComplete="off"
              error={errors.webflowSiteId?.message}
              {...form.register('webflowSiteId')}
            />
          </div>
        </Section>

        <Section title="Automation (Zapier)">
          <TextField
            label="Automation Webhook URL"
            type="url"
            inputMode="url"
            placeholder="https://hooks.zapier.com/hooks/catch/…"
            error={errors.zapierWebhookUrl?.message}
            {...form.register('zapierWebhookUrl')}
          />
          <SigningSecretField masked={saved.automationSigningSecret} />
        </Section>

        <Section title="Partner Updates">
          <Controller
            control={form.control}
            name="allowBackwardMoves"
            render={({ field }) => (
              <SwitchRow
                label="Allow backward moves"
                description="Let the order-status webhook move a unit to an earlier stage. Off: such a move is refused (409) and logged; on: it is shown in the unit's history as a correction."
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </Section>

        <Section title="Card Payments (Stripe)">
          <Controller
            control={form.control}
            name="stripeEnabled"
            render={({ field }) => (
              <SwitchRow
                label="Enable card payments"
                description="Customers pay deposits by card through Stripe Checkout."
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <TextField
            label="Publishable Key"
            autoComplete="off"
            spellCheck={false}
            placeholder="pk_live_…"
            error={errors.stripePublicKey?.message}
            {...form.register('stripePublicKey')}
          />
          <SecretField
            label="Secret Key"
            placeholder="sk_live_…"
            error={errors.stripeSecretKey?.message}
            {...form.register('stripeSecretKey')}
          />
          <SecretField
            label="Webhook Signing Secret"
            placeholder="whsec_…"
            error={errors.stripeWebhookSecret?.message}
            {...form.register('stripeWebhookSecret')}
          />
          <p className="text-muted-foreground text-sm">
            Saved keys are shown masked and never sent back to the browser; leave them as they are to keep
            them.
          </p>
        </Section>

        <SaveRow
          label="Save Integrations"
          pending={updateStripeKey.isPending || save.isPending}
          saved={feedback.saved}
        />
      </form>
    </SettingsCard>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
        <h3 className="font-semibold">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A secret with a show/hide button; password managers are kept out of it. */
function SecretField({ label, ...props }: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete="off"
      spellCheck={false}
      data-1p-ignore
      data-lpignore="true"
      trailing={
        <button
          type="button"
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
      {...props}
    />
  );
}
