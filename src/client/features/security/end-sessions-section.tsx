/** Admin Users → Edit: an administrator signs a user out of every browser at once. */
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { apiJson } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';

export function EndSessionsSection({ userId, email }: { userId: number; email: string }) {
  const end = useMutation({
    mutationFn: () =>
      apiJson<{ message: string; ended: number }>('DELETE', `/api/admin/users/${userId}/sessions`),
  });
  return (
    <div className="grid gap-2 border-t pt-4">
      <p className="font-medium text-sm">Sessions</p>
      <p className="text-muted-foreground text-sm">
        Sign {email} out of every browser, for example after a lost laptop. They can sign in again.
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-fit"
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
    </div>
  );
}
