/**
 * API Keys: the keys external systems send as bearer tokens to the webhooks. They are real, not made
 * up in the browser (decision 37): the server makes the key, shows it once, and stores only its hash.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Eye, EyeOff, KeyRound, Plus, ShieldAlert, SquareArrowOutUpRight } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ApiKey, type CreatedApiKey, createApiKeySchema } from '../../../shared/schemas/api-keys.js';
import { Alert } from '../../components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import { SettingsCard, SettingsLoadState } from './settings-form';

/** Where 'Connect to automation service' leads: Zapier's webhooks app, which calls ours with a key. */
export const AUTOMATION_SERVICE_URL = 'https://zapier.com/apps/webhook/integrations';

export function ApiKeysTab() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  function connect() {
    if (!keys.data?.length) {
      toast({
        variant: 'destructive',
        title: 'API key required',
        description: 'Please generate an API key before connecting to Zapier.',
      });
      return;
    }
    window.open(AUTOMATION_SERVICE_URL, '_blank', 'noopener,noreferrer');
  }

  return (
    <SettingsCard
      title="API Keys"
      description="Keys let external systems (the website builder, Zapier, your logistics partner) update orders through the webhooks."
    >
      <div className="grid gap-6">
        <Alert>
          <ShieldAlert aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-medium">Keep your API keys secret.</p>
            <p className="text-muted-foreground">
              Anyone with a key can change orders through the webhooks. A key is shown only once, right after
              it is generated; revoke any key you no longer use or that may have been exposed.
            </p>
          </div>
        </Alert>

        {created && <NewKeyPanel created={created} onDone={() => setCreated(null)} />}

        <div className="flex flex-wrap gap-2">
          <GenerateKeyDialog onCreated={setCreated} />
          <Button type="button" variant="outline" onClick={connect} disabled={keys.isPending}>
            <SquareArrowOutUpRight aria-hidden="true" />
            Connect to automation service
            <span className="sr-only"> (opens in a new tab)</span>
          </Button>
        </div>

        {keys.data ? (
          <KeyList keys={keys.data} />
        ) : (
          <SettingsLoadState error={keys.error} onRetry={() => keys.refetch()} />
        )}
      </div>
    </SettingsCard>
  );
}

function KeyList({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">No API keys yet. Generate one to connect a system.</p>
    );
  }
  return (
    <section aria-labelledby="active-keys-heading" className="grid gap-3">
      <h3 id="active-keys-heading" className="font-semibold">
        Active keys ({keys.length})
      </h3>
      <ul className="grid gap-3">
        {keys.map((key) => (
          <li
            key={key.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4"
          >
            <div className="grid min-w-0 gap-1">
              <p className="flex items-center gap-2 font-medium">
                <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="wrap-anywhere">{key.name}</span>
              </p>
              <p className="font-mono text-muted-foreground text-sm">{key.prefix}…</p>
              <p className="text-muted-foreground text-xs">
                Created {formatDate(key.createdAt)} · Last used{' '}
                {key.lastUsedAt ? formatDate(key.lastUsedAt) : 'never'}
              </p>
            </div>
            <RevokeKeyButton apiKey={key} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RevokeKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" loading={revoke.isPending}>
          Revoke Key
          <span className="sr-only"> {apiKey.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke “{apiKey.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Systems that use this key can no longer call the webhooks. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => toastSuccess('API key revoked'),
                onError: (error) => toastError('Failed to revoke API key', error, GENERIC_ERROR),
              })
            }
          >
            Revoke Key
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function GenerateKeyDialog({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [open, setOpen] = useState(false);
  const create = useCreateApiKey();
  const form = useForm<{ name: string }>({
    defaultValues: { name: '' },
    resolver: zodResolver(createApiKeySchema),
  });

  const submit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (created) => {
        toastSuccess('New API key generated');
        onCreated(created);
        setOpen(false);
        form.reset();
      },
      onError: (error) => {
        const message = errorFields(error).name;
        if (message) form.setError('name', { message });
        else toastError('Failed to generate API key', error, GENERIC_ERROR);
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          Generate New Key
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate New Key</DialogTitle>
          <DialogDescription>Name the key after the system that will use it.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <TextField
            label="Key Name"
            placeholder="e.g. Zapier"
            maxLength={100}
            autoComplete="off"
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={create.isPending}>
              Generate Key
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The only time the whole key is visible: hidden until asked, with a copy button. */
function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toastSuccess('API key copied');
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy the key',
        description: 'Show the key and copy it by hand.',
      });
    }
  }

  return (
    <section
      aria-labelledby="new-key-heading"
      className="grid gap-3 rounded-lg border border-success/50 bg-success/10 p-4"
    >
      <h3 id="new-key-heading" className="font-semibold">
        New key “{created.name}”
      </h3>
      <p className="text-sm">Copy this key now: it will not be shown again.</p>
      <TextField
        label="API Key"
        readOnly
        type={visible ? 'text' : 'password'}
        value={created.key}
        className="font-mono"
        trailing={
          <button
            type="button"
            aria-label="Show API key"
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            className="flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy Key
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
