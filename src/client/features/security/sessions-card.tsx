/** The Sessions section of the account page: every signed-in browser, each with its own Sign out. */
import { Laptop } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toastError, toastSuccess } from '../../lib/notify';
import { useEndSession, useSessions } from './sessions-api';

function formatDateTime(value: string): string {
  return new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SessionsCard({ className }: { className?: string }) {
  const titleId = useId();
  const sessions = useSessions();
  const end = useEndSession();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>Sessions</CardTitle>
        <CardDescription>
          Where you are signed in. Sign out of any browser you do not recognise or no longer use.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <p className="text-muted-foreground text-sm">Loading sessions…</p>
        ) : sessions.isError ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p className="text-sm">Your sessions could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Signed-in browsers">
            {sessions.data.map((session) => (
              <li
                key={session.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 gap-3">
                  <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <div className="grid min-w-0 gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="break-words">{session.device}</span>
                      {session.current && <Badge variant="secondary">This device</Badge>}
                    </p>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-muted-foreground text-sm">
                      <dt>Address</dt>
                      <dd className="break-all">{session.ip ?? 'Unknown'}</dd>
                      <dt>Signed in</dt>
                      <dd>{formatDateTime(session.createdAt)}</dd>
                      <dt>Last seen</dt>
                      <dd>{formatDateTime(session.lastSeenAt)}</dd>
                    </dl>
                  </div>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit shrink-0"
                  disabled={end.isPending && end.variables?.id === session.id}
                  aria-label={session.current ? 'Sign out of this device' : `Sign out of ${session.device}`}
                  onClick={() =>
                    end.mutate(session, {
                      onSuccess: () =>
                        toastSuccess('Signed out', `${session.device} is no longer signed in.`),
                      onError: (error) => toastError('Could not sign out that session', error),
                    })
                  }
                >
                  Sign out
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
