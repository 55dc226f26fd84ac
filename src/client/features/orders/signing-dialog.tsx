import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileWarning, MessageCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderRoutes } from '../../../shared/routes/orders.js';
import type { SigningDocumentCheck } from '../../../shared/schemas/orders.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { callApi } from '../../lib/call-api';
import { orderKeys } from './api';

interface SigningDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The unit whose document this is; its order's conversation is where to ask for help. */
  itemId: number | undefined;
  orderId: number;
  /** The unit's stage data documentUrl; absent while the documents are being prepared. */
  documentUrl: string | undefined;
  /** Which unit the documents are for, e.g. 'VH1042 · Unit 2'. */
  unitLabel: string;
}

/**
 * The document signing dialog: the partner's document in a frame. A frame that fails looks, from the
 * portal, like any other page, so the server first checks that the document answers and may be
 * framed (decision 299); when it cannot be shown the dialog says so, with Try again, the document in
 * a new tab and the order's conversation, instead of the browser's broken page.
 */
export function SigningDialog({
  open,
  onOpenChange,
  itemId,
  orderId,
  documentUrl,
  unitLabel,
}: SigningDialogProps) {
  const { t } = useTranslation('orders');
  const check = useQuery({
    queryKey: [...orderKeys.all, 'signing-document', itemId, documentUrl],
    queryFn: () => callApi(orderRoutes.signingDocument, { params: { id: itemId as number } }),
    enabled: open && itemId !== undefined && documentUrl !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // Should the check itself fail, the frame is shown: the check only helps.
  const verdict: SigningDocumentCheck | undefined = check.isError ? { loads: true } : check.data;

  const openInTab = documentUrl && (
    <Button asChild variant="outline">
      <a href={documentUrl} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        {t('signing.openInTab')}
        <span className="sr-only">{t('opensInNewTab')}</span>
      </a>
    </Button>
  );
  const askUs = (
    <Button asChild variant="outline">
      <Link to={`/orders/${orderId}#conversation`} onClick={() => onOpenChange(false)}>
        <MessageCircle aria-hidden="true" />
        {t('signing.askUs')}
      </Link>
    </Button>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('signing.title')}</DialogTitle>
          <DialogDescription>{t('signing.description', { unit: unitLabel })}</DialogDescription>
        </DialogHeader>
        {!documentUrl ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
            <FileWarning aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">{t('signing.none')}</p>
            <p className="text-muted-foreground text-sm">{t('signing.noneText')}</p>
          </div>
        ) : !verdict ? (
          <div className="flex h-[60dvh] items-center justify-center rounded-md border text-primary">
            <Spinner label={t('signing.loading')} />
          </div>
        ) : verdict.loads ? (
          <>
            {/* The partner's page runs sandboxed: its own scripts, forms and pop-ups, never this portal's
                top window. */}
            <iframe
              title={t('signing.frameTitle', { unit: unitLabel })}
              src={documentUrl}
              sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads"
              referrerPolicy="no-referrer"
              className="h-[60dvh] w-full rounded-md border bg-white"
            />
            <p className="text-muted-foreground text-sm">{t('signing.notShowing')}</p>
            <DialogFooter>
              {askUs}
              {/* Some signing services refuse to be framed; the same document in a tab always works. */}
              {openInTab}
            </DialogFooter>
          </>
        ) : (
          <>
            <div role="alert" className="grid gap-2 rounded-lg border border-dashed p-6">
              <p className="font-medium">{t('signing.failed.title')}</p>
              <p className="text-muted-foreground text-sm">
                {verdict.reason === 'unreachable'
                  ? t('signing.failed.unreachable')
                  : verdict.reason === 'not_found'
                    ? t('signing.failed.not_found')
                    : t('signing.failed.refuses_frame')}
              </p>
            </div>
            <DialogFooter>
              {askUs}
              {openInTab}
              {verdict.reason !== 'refuses_frame' && (
                <Button onClick={() => check.refetch()} loading={check.isFetching}>
                  <RotateCw aria-hidden="true" />
                  {t('signing.retry')}
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
