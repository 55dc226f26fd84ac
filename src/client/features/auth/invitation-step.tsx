/**
 * The invitation link's step (decision 290): who is invited and as what, then the password the person
 * chooses. Accepting does not sign in: the screen goes on to the password step with the address filled
 * in, and the person signs in as every staff member does.
 */
import { useEffect, useRef, useState } from 'react';
import type { Invitation } from '../../../shared/schemas/staff-invitations.js';
import { Button, Spinner } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { RichText, useTexts } from '../../lib/texts';
import { AuthStep } from './auth-layout';
import { NewPasswordForm } from './forms';
import { useAuthMessages } from './messages';
import { useCall } from './use-call';

const calls = () => import('./invitation-calls');

export function InvitationStep({
  token,
  onAccepted,
  onSignIn,
}: {
  token: string;
  /** The password is set: sign in with this address next. */
  onAccepted: (email: string) => void;
  /** Leave the invitation for the ordinary sign-in. */
  onSignIn: () => void;
}) {
  const { t, failed, explain } = useAuthMessages();
  const roles = useTexts('common').t;
  const [invitation, setInvitation] = useState<Invitation>();
  const [refusal, setRefusal] = useState<string>();
  const accept = useCall((password: string) => calls().then((c) => c.acceptInvitation(token, password)));

  // The words of a refusal as they are when it comes; the lookup itself runs once per token.
  const refusalText = useRef((error: unknown) => explain(error, t('errors.generic')));
  refusalText.current = (error: unknown) => explain(error, t('errors.generic'));
  useEffect(() => {
    let live = true;
    calls()
      .then((c) => c.lookupInvitation(token))
      .then(
        (found) => live && setInvitation(found),
        (error: unknown) => refusalText.current(error).then((text) => live && setRefusal(text)),
      );
    return () => {
      live = false;
    };
  }, [token]);

  if (refusal) {
    return (
      <AuthStep key="invitation" title={t('invitation.invalidTitle')} description={refusal}>
        <Button type="button" size="lg" onClick={onSignIn}>
          {t('invitation.toSignIn')}
        </Button>
      </AuthStep>
    );
  }
  if (!invitation) {
    return (
      <AuthStep key="invitation" title={t('invitation.title')} description={t('invitation.checking')}>
        <Spinner label={t('invitation.checking')} />
      </AuthStep>
    );
  }
  return (
    <AuthStep
      key="invitation"
      title={t('invitation.title')}
      description={
        <RichText
          t={t}
          i18nKey="invitation.description"
          values={{ email: invitation.email }}
          components={{ strong: <span className="wrap-anywhere font-medium text-foreground" /> }}
        />
      }
    >
      <p className="grid gap-1 rounded-lg border bg-muted/40 p-3 text-sm">
        <span className="font-medium">
          {t('invitation.role', { role: roles(`role.${invitation.role}`) })}
        </span>
        <span className="text-muted-foreground">{roles(`roleLine.${invitation.role}`)}</span>
      </p>
      <NewPasswordForm
        email={invitation.email}
        busy={accept.isPending}
        submitLabel={t('invitation.submit')}
        onSubmit={(password) =>
          accept.mutate(password, {
            onSuccess: ({ email }) => {
              toast({
                variant: 'success',
                title: t('invitation.doneTitle'),
                description: t('invitation.doneDescription', { email }),
              });
              onAccepted(email);
            },
            onError: (error) => failed(t('invitation.acceptFailed'), error, t('errors.generic')),
          })
        }
      />
    </AuthStep>
  );
}
