/**
 * Setting up an authenticator app: a QR code to scan beside the key to type and the link to paste (the
 * server draws the code: decision 292), then confirmed with a current code and the password (decision 210), checked with the shared
 * `totpConfirmSchema` the server applies too.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { type enrolledSchema, totpConfirmSchema } from '../../../shared/schemas/security.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { errorFields, errorMessage } from '../../lib/api';
import { toastError } from '../../lib/notify';
import { CopyableValue } from './copyable-value';
import { useEnrolFieldMessage } from './enrol-messages';
import { sendOnlyValidation } from './form-behaviour';
import { useConfirmTotp, useStartTotp } from './second-factor-api';

export function TotpSetupDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (answer: z.output<typeof enrolledSchema>) => void;
}) {
  const { t } = useTranslation('account');
  const enrolFieldMessage = useEnrolFieldMessage();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const form = useForm<z.input<typeof totpConfirmSchema>, unknown, z.output<typeof totpConfirmSchema>>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: '', password: '' },
    ...sendOnlyValidation,
  });
  const { errors } = form.formState;
  const { mutate: startSetup } = start;
  // A fresh secret each time the dialog opens; an unconfirmed one is simply replaced.
  useEffect(() => {
    startSetup(undefined, { onError: (e) => toastError('The app could not be set up', e) });
  }, [startSetup]);
  const submit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: onDone,
      onError: (e) => {
        const fields = errorFields(e);
        if (fields.password) form.setError('password', { message: fields.password });
        else {
          form.setError('code', {
            message: fields.code ?? errorMessage(e) ?? 'The code could not be checked',
          });
        }
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up an authenticator app</DialogTitle>
          <DialogDescription>
            In your app (for example Google Authenticator, Microsoft Authenticator or 1Password), scan the QR
            code, or add an account with the key, or paste the setup link. Then enter the 6-digit code it
            shows.
          </DialogDescription>
        </DialogHeader>
        {start.data ? (
          <form noValidate className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
              {/* White around the code in both themes: scanners need the light quiet zone. */}
              <img
                src={start.data.qrCode}
                alt="QR code of the setup link, for your authenticator app to scan"
                width={192}
                height={192}
                className="size-48 justify-self-center rounded-md border bg-white [image-rendering:pixelated]"
              />
              <div className="grid min-w-0 gap-4">
                <CopyableValue label="Setup key" value={start.data.secret} what="Setup key" />
                <CopyableValue label="Setup link" value={start.data.uri} what="Setup link" />
              </div>
            </div>
            <TextField
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={errors.code?.message}
              {...form.register('code')}
            />
            <p className="text-muted-foreground text-sm">
              {t('enrolFactor.totpPasswordHint')} {t('enrolFactor.addedNotice')}
            </p>
            <PasswordField
              label={t('enrolFactor.passwordLabel')}
              autoComplete="current-password"
              error={enrolFieldMessage(errors.password?.message)}
              {...form.register('password')}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                Confirm
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <p className="text-muted-foreground text-sm">
            {start.isError ? 'Something went wrong.' : 'Preparing…'}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
