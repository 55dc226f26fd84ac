import { ExternalLink, FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

interface SigningDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The unit's stage data documentUrl; absent while the documents are being prepared. */
  documentUrl: string | undefined;
  /** Which unit the documents are for, e.g. 'VH1042 · Unit 2'. */
  unitLabel: string;
}

/** The document signing dialog: the partner's document in a frame. */
export function SigningDialog({ open, onOpenChange, documentUrl, unitLabel }: SigningDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('signing.title')}</DialogTitle>
          <DialogDescription>{t('signing.description', { unit: unitLabel })}</DialogDescription>
        </DialogHeader>
        {documentUrl ? (
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
            <DialogFooter>
              {/* Some signing services refuse to be framed; the same document in a tab always works. */}
              <Button asChild variant="outline">
                <a href={documentUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {t('signing.openInTab')}
                  <span className="sr-only">{t('opensInNewTab')}</span>
                </a>
              </Button>
            </DialogFooter>
          </>
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
            <FileWarning aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">{t('signing.none')}</p>
            <p className="text-muted-foreground text-sm">{t('signing.noneText')}</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
