/** The Sessions section of the account page: every signed-in browser, each with its own Sign out. */
import { Laptop } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toastError, toastSuccess } from '../../lib/notify';
import { useFormat } from '../../lib/use-format';
import { useEndSession, useSessions } from './sessions-api';

export function SessionsCard({ className }: { className?: string }) {
  const titleId = useId();
  const sessions = useSessions();
  const end = useEndSession();
  // Customers read it in their language; the back office shows the English catalogue.
  const { t } = useTranslation('account');
  const { dateTime: formatDateTime } = useFormat();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <p className="text-muted-foreground text-sm">{t('sessions.loading')}</p>
        ) : sessions.isError ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p className="text-sm">{t('sessions.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              {t('sessions.retry')}
            </Button>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('sessions.listLabel')}>
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
                      {session.current && <Badge variant="secondary">{t('sessions.thisDevice')}</Badge>}
                    </p>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-muted-foreground text-sm">
                      <dt>{t('sessions.address')}</dt>
                      <dd className="break-all">{session.ip ?? t('sessions.unknownAddress')}</dd>
                      <dt>{t('sessions.signedIn')}</dt>
                      <dd>{formatDateTime(session.createdAt)}</dd>
                      <dt>{t('sessions.lastSeen')}</dt>
                      <dd>{formatDateTime(session.lastSeenAt)}</dd>
                    </dl>
                  </div>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit shrink-0"
                  disabled={end.isPending && end.variables?.id === session.id}
                  aria-label={
                    session.current
                      ? t('sessions.signOutThis')
                      : t('sessions.signOutOther', { device: session.device })
                  }
                  onClick={() =>
                    end.mutate(session, {
                      onSuccess: () =>
                        toastSuccess(
                          t('sessions.ended'),
                          t('sessions.endedText', { device: session.device }),
                        ),
                      onError: (error) => toastError(t('sessions.endFailed'), error),
                    })
                  }
                >
                  {t('sessions.signOut')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
