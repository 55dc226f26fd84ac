/**
 * The automation webhook signing secret in Settings → Integrations. Saved settings answer it masked;
 * the receiver needs it to verify deliveries, so an admin can reveal it, copy it or replace it
 * (decision 84). The server creates it when first needed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
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
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { settingsKeys } from '../settings/api';
import { useRotateSigningSecret, useSigningSecret } from './api';

export function SigningSecretField({ masked }: { masked: string }) {
  const [visible, setVisible] = useState(false);
  const hintId = useId();
  const [wanted, setWanted] = useState(false);
  const secret = useSigningSecret(wanted);
  const rotate = useRotateSigningSecret();
  const queryClient = useQueryClient();
  // The masked value in settings changes when the server creates or replaces the secret.
  const refreshMasked = () =>
    queryClient.invalidateQueries({ queryKey: settingsKeys.category('integrations') });

  async function load(): Promise<string | undefined> {
    setWanted(true);
    try {
      const data = secret.data ?? (await secret.refetch({ throwOnError: true })).data;
      if (!masked) await refreshMasked();
      return data?.secret;
    } catch (error) {
      toastError('Failed to load the signing secret', error, GENERIC_ERROR);
      return undefined;
    }
  }

  async function toggle() {
    if (visible) {
      setVisible(false);
      return;
    }
    if (await load()) setVisible(true);
  }

  async function copy() {
    const value = await load();
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      toastSuccess('Signing secret copied');
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Show the secret and copy it by hand.',
      });
    }
  }

  const shown = visible && secret.data ? secret.data.secret : masked;
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="grid gap-2">
      <TextField
        label="Automation Signing Secret"
        readOnly
        value={shown}
        placeholder="Created with the first delivery"
        className="bg-muted font-mono"
        spellCheck={false}
        aria-describedby={hintId}
      />
      <p id={hintId} className="text-muted-foreground text-sm">
        Receivers verify the webhook-id, webhook-timestamp and webhook-signature headers of each delivery with
        this secret (Standard Webhooks). Deliveries and their attempts are listed under Webhooks → Outbound.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={toggle} aria-pressed={visible}>
          <Icon aria-hidden="true" />
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> signing secret</span>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy
          <span className="sr-only"> signing secret</span>
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button type="button" variant="outline" size="sm" loading={rotate.isPending}>
              <RefreshCw aria-hidden="true" />
              Replace
              <span className="sr-only"> signing secret</span>
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Replace the signing secret?</AlertDialogTitle>
              <AlertDialogDescription>
                Deliveries are signed with the new secret from now on; receivers that still hold the old one
                will reject them until they are given the new one.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                onClick={() =>
                  rotate.mutate(undefined, {
                    onSuccess: () => {
                      setWanted(true);
                      setVisible(true);
                      void refreshMasked();
                      toastSuccess('Signing secret replaced');
                    },
                    onError: (error) =>
                      toastError('Failed to replace the signing secret', error, GENERIC_ERROR),
                  })
                }
              >
                Replace
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </div>
  );
}
