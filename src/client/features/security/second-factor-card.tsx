/**
 * The Second factor section of a staff member's account page: the authenticator app, passkeys and
 * recovery codes. The app is set up by typing or pasting its secret (no QR code is drawn: decision 151),
 * then confirmed with a current code; the first factor brings ten recovery codes, shown once. Adding a
 * factor asks for the password, like removing one, so that a stolen session cannot add its own; the
 * texts of that step are in the `account` catalogue (`enrolFactor`).
 */
import { Copy, KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_CODE_MESSAGE } from '../../../shared/schemas/security.js';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { toastError, toastSuccess } from '../../lib/notify';
import {
  type Removal,
  useAddPasskey,
  useConfirmTotp,
  useNewRecoveryCodes,
  useRemoveFactor,
  useSecondFactor,
  useStartTotp,
} from './second-factor-api';

async function copyText(value: string, what: string) {
  try {
    await navigator.clipboard.writeText(value);
    toastSuccess(`${what} copied`);
  } catch {
    toast({
      variant: 'destructive',
      title: 'Copy failed',
      description: `Select the ${what.toLowerCase()} and copy it by hand.`,
    });
  }
}

function CopyableValue({ label, value, what }: { label: string; value: string; what: string }) {
  return (
    <div className="grid gap-1">
      <TextField
        label={label}
        readOnly
        value={value}
        spellCheck={false}
        className="bg-muted font-mono text-sm"
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => void copyText(value, what)}
      >
        <Copy aria-hidden="true" />
        Copy<span className="sr-only"> {what.toLowerCase()}</span>
      </Button>
    </div>
  );
}

function Row({
  icon,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        {icon}
        <div className="grid min-w-0 gap-1">
          <p className="font-medium">{title}</p>
          <div className="text-muted-foreground text-sm">{status}</div>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
    </li>
  );
}

export function SecondFactorCard({ className }: { className?: string }) {
  const titleId = useId();
  const status = useSecondFactor();
  const [settingUpApp, setSettingUpApp] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [addingPasskey, setAddingPasskey] = useState(false);

  const showCodes = (answer: { recoveryCodes?: string[] }) => {
    if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
  };

  const data = status.data;
  const enrolled = Boolean(data && (data.totp || data.passkeys.length > 0));

  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>Second factor</CardTitle>
        <CardDescription>
          With a passkey or an authenticator app, you sign in with your password and that instead of a code
          sent by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <p className="text-muted-foreground text-sm">Loading…</p>
        ) : !data ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p className="text-sm">Your second factors could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {data.required && !enrolled && (
              <Alert>
                Your organisation requires a second factor for staff accounts. Set up a passkey or an
                authenticator app to continue to the back office.
              </Alert>
            )}
            <ul className="divide-y rounded-lg border">
              <Row
                icon={
                  <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                }
                title="Passkeys"
                status={
                  data.passkeys.length === 0 ? (
                    'None yet. A passkey uses this device’s screen lock or a security key.'
                  ) : (
                    <ul className="grid gap-2">
                      {data.passkeys.map((key) => (
                        <li key={key.id} className="flex flex-wrap items-center gap-2">
                          <span className="font-medium text-foreground">{key.name}</span>
                          <span>added {formatDate(key.createdAt)}</span>
                          <Button
                            type="button"
                            variant="outline"
                            size="sm"
                            onClick={() => setRemoval({ kind: 'passkey', id: key.id, name: key.name })}
                          >
                            Remove<span className="sr-only"> passkey {key.name}</span>
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )
                }
              >
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    setAddingPasskey(true);
                  }}
                >
                  <TextField
                    label="Passkey name (optional)"
                    value={passkeyName}
                    maxLength={60}
                    placeholder="e.g. Work laptop"
                    onChange={(event) => setPasskeyName(event.target.value)}
                  />
                  <Button type="submit">Add a passkey</Button>
                </form>
              </Row>
              <Row
                icon={
                  <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                }
                title="Authenticator app"
                status={data.totp ? <Badge variant="secondary">On</Badge> : 'Not set up'}
              >
                {data.totp ? (
                  <Button type="button" variant="outline" onClick={() => setRemoval({ kind: 'totp' })}>
                    Remove<span className="sr-only"> authenticator app</span>
                  </Button>
                ) : (
                  <Button type="button" variant="outline" onClick={() => setSettingUpApp(true)}>
                    Set up authenticator app
                  </Button>
                )}
              </Row>
              <Row
                icon={
                  <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                }
                title="Recovery codes"
                status={
                  enrolled
                    ? `${data.recoveryCodesLeft} of 10 left. Each signs in once when your passkey or app is not at hand.`
                    : 'You get ten with your first passkey or authenticator app.'
                }
              >
                {enrolled && (
                  <Button type="button" variant="outline" onClick={() => setRenewing(true)}>
                    New recovery codes
                  </Button>
                )}
              </Row>
            </ul>
          </>
        )}
      </CardContent>
      {settingUpApp && (
        <TotpSetupDialog
          onClose={() => setSettingUpApp(false)}
          onDone={(answer) => {
            setSettingUpApp(false);
            toastSuccess('Authenticator app set up');
            showCodes(answer);
          }}
        />
      )}
      {addingPasskey && (
        <AddPasskeyDialog
          name={passkeyName.trim()}
          onClose={() => setAddingPasskey(false)}
          onDone={(answer) => {
            setAddingPasskey(false);
            setPasskeyName('');
            toastSuccess('Passkey added');
            showCodes(answer);
          }}
        />
      )}
      {removal && <RemoveDialog removal={removal} onClose={() => setRemoval(null)} />}
      {renewing && (
        <RenewCodesDialog
          onClose={() => setRenewing(false)}
          onDone={(fresh) => {
            setRenewing(false);
            setCodes(fresh);
          }}
        />
      )}
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
    </Card>
  );
}

function TotpSetupDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (answer: { recoveryCodes?: string[] }) => void;
}) {
  const { t } = useTranslation('account');
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const { mutate: startSetup } = start;
  // A fresh secret each time the dialog opens; an unconfirmed one is simply replaced.
  useEffect(() => {
    startSetup(undefined, { onError: (e) => toastError('The app could not be set up', e) });
  }, [startSetup]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    const codeProblem = /^\d{6}$/.test(typed) ? undefined : TOTP_CODE_MESSAGE;
    const passwordProblem = password ? undefined : t('enrolFactor.passwordRequired');
    setError(codeProblem);
    setPasswordError(passwordProblem);
    if (codeProblem || passwordProblem) return;
    confirm.mutate(
      { code: typed, password },
      {
        onSuccess: onDone,
        onError: (e) => {
          const fields = errorFields(e);
          setPasswordError(fields.password);
          setError(
            fields.password ? undefined : (fields.code ?? errorMessage(e) ?? 'The code could not be checked'),
          );
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up an authenticator app</DialogTitle>
          <DialogDescription>
            In your app (for example Google Authenticator, Microsoft Authenticator or 1Password), add an
            account with this key, or paste the setup link if your app accepts one. Then enter the 6-digit
            code it shows.
          </DialogDescription>
        </DialogHeader>
        {start.data ? (
          <form noValidate className="grid gap-4" onSubmit={submit}>
            <CopyableValue label="Setup key" value={start.data.secret} what="Setup key" />
            <CopyableValue label="Setup link" value={start.data.uri} what="Setup link" />
            <TextField
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              error={error}
              onChange={(event) => setCode(event.target.value)}
            />
            <p className="text-muted-foreground text-sm">
              {t('enrolFactor.totpPasswordHint')} {t('enrolFactor.addedNotice')}
            </p>
            <PasswordField
              label={t('enrolFactor.passwordLabel')}
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={(event) => setPassword(event.target.value)}
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

function PasswordDialog({
  title,
  description,
  label = 'Your password',
  submitLabel,
  pending,
  onSubmit,
  onClose,
  error,
}: {
  title: string;
  description: string;
  /** The password field's label; "Your password" unless given. */
  label?: string;
  submitLabel: string;
  pending: boolean;
  error?: string;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(password);
          }}
        >
          <PasswordField
            label={label}
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AddPasskeyDialog({
  name,
  onClose,
  onDone,
}: {
  name: string;
  onClose: () => void;
  onDone: (answer: { recoveryCodes?: string[] }) => void;
}) {
  const { t } = useTranslation('account');
  const addPasskey = useAddPasskey();
  const [error, setError] = useState<string>();
  return (
    <PasswordDialog
      title={t('enrolFactor.addPasskeyTitle')}
      description={`${t('enrolFactor.addPasskeyDescription')} ${t('enrolFactor.addedNotice')}`}
      label={t('enrolFactor.passwordLabel')}
      submitLabel={t('enrolFactor.addPasskeySubmit')}
      pending={addPasskey.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(password) => {
        if (!password) {
          setError(t('enrolFactor.passwordRequired'));
          return;
        }
        addPasskey.mutate(
          { name, password },
          {
            onSuccess: onDone,
            onError: (e) => {
              const wrongPassword = errorFields(e).password;
              if (wrongPassword) {
                setError(wrongPassword);
                return;
              }
              toastError(
                'The passkey was not added',
                e,
                'The browser did not create a passkey. Please try again.',
              );
              onClose();
            },
          },
        );
      }}
    />
  );
}

function RemoveDialog({ removal, onClose }: { removal: Removal; onClose: () => void }) {
  const remove = useRemoveFactor();
  const [error, setError] = useState<string>();
  const what = removal.kind === 'totp' ? 'the authenticator app' : `the passkey “${removal.name}”`;
  return (
    <PasswordDialog
      title={removal.kind === 'totp' ? 'Remove the authenticator app' : 'Remove the passkey'}
      description={`Enter your password to remove ${what}. Without any second factor, you sign in with a code sent by e-mail.`}
      submitLabel="Remove"
      pending={remove.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(password) =>
        remove.mutate(
          { removal, password },
          {
            onSuccess: () => {
              toastSuccess(removal.kind === 'totp' ? 'Authenticator app removed' : 'Passkey removed');
              onClose();
            },
            onError: (e) => setError(errorFields(e).password ?? errorMessage(e) ?? 'Something went wrong'),
          },
        )
      }
    />
  );
}

function RenewCodesDialog({ onClose, onDone }: { onClose: () => void; onDone: (codes: string[]) => void }) {
  const renew = useNewRecoveryCodes();
  const [error, setError] = useState<string>();
  return (
    <PasswordDialog
      title="New recovery codes"
      description="Enter your password to get ten new recovery codes. The old ones stop working."
      submitLabel="Get new codes"
      pending={renew.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(password) =>
        renew.mutate(password, {
          onSuccess: (answer) => onDone(answer.recoveryCodes),
          onError: (e) => setError(errorFields(e).password ?? errorMessage(e) ?? 'Something went wrong'),
        })
      }
    />
  );
}

function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your recovery codes</DialogTitle>
          <DialogDescription>
            Keep these somewhere safe, such as a password manager. Each signs in once when your passkey or
            authenticator app is not at hand. They are shown only now.
          </DialogDescription>
        </DialogHeader>
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-4 font-mono text-sm"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => void copyText(codes.join('\n'), 'Recovery codes')}
          >
            <Copy aria-hidden="true" />
            Copy all
          </Button>
          <Button type="button" onClick={onClose}>
            I have saved them
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
