/**
 * The Second factor section of a staff member's account page: the authenticator app, passkeys and
 * recovery codes, each in its row. Each change opens its own dialog (one file each in this folder); the
 * first factor brings ten recovery codes, shown once. Adding a factor asks for the password, like
 * removing one, so that a stolen session cannot add its own; the texts of that step are in the
 * `account` catalogue (`enrolFactor`).
 */
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type * as z from 'zod/mini';
import type { enrolledSchema } from '../../../shared/schemas/security.js';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/dates';
import { toastSuccess } from '../../lib/notify';
import { AddPasskeyForm } from './add-passkey-form';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { RemoveFactorDialog } from './remove-factor-dialog';
import { RenewCodesDialog } from './renew-codes-dialog';
import { type Removal, useSecondFactor } from './second-factor-api';
import { TotpSetupDialog } from './totp-setup-dialog';

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

  const showCodes = (answer: z.output<typeof enrolledSchema>) => {
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
                <AddPasskeyForm onAdded={showCodes} />
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
      {removal && <RemoveFactorDialog removal={removal} onClose={() => setRemoval(null)} />}
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
