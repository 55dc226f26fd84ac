/**
 * Admin Users → Edit: an administrator signs a user out of every browser at once, or removes the
 * second factor of a staff member who lost it (decisions 150 and 155).
 */
import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '../../../shared/routes/auth.js';
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
import { callApi } from '../../lib/call-api';
import { toastError, toastSuccess } from '../../lib/notify';
import { useRemoveAllSecondFactors } from './second-factor-api';

export function EndSessionsSection({ userId, email }: { userId: number; email: string }) {
  const end = useMutation({
    mutationFn: () => callApi(authRoutes.endUserSessions, { params: { id: userId } }),
  });
  const removeFactor = useRemoveAllSecondFactors(userId);
  return (
    <div className="grid gap-2 border-t pt-4">
      <p className="font-medium text-sm">Sessions and second factor</p>
      <p className="text-muted-foreground text-sm">
        Sign {email} out of every browser, for example after a lost laptop. If they lost their passkey or
        authenticator app and their recovery codes, remove their second factor: they then sign in with a code
        sent by e-mail and set up a new one.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          loading={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: (answer) => toastSuccess('Signed out everywhere', `${email}: ${answer.message}`),
              onError: (error) => toastError('Could not end the sessions', error),
            })
          }
        >
          End all sessions
        </Button>
        {/* The one way around someone's second factor: asked once more, as the owner is not there. */}
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button type="button" variant="outline" loading={removeFactor.isPending}>
              Remove second factor
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Remove the second factor of {email}?</AlertDialogTitle>
              <AlertDialogDescription>
                Their passkeys, authenticator app and recovery codes are removed and they are signed out
                everywhere. Do this only once you are sure who is asking.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                onClick={() =>
                  removeFactor.mutate(undefined, {
                    onSuccess: (answer) => toastSuccess('Second factor removed', answer.message),
                    onError: (error) => toastError('Could not remove the second factor', error),
                  })
                }
              >
                Remove
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </div>
  );
}
