import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

export type OnboardingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order's internal id, as in the URL paths. */
  orderId: number;
  orderItemId: number;
  itemNumber: number;
  onSuccess?: () => void;
};

/** The onboarding dialog (customer spec §2 'Dialogs'). The form lands in the next commits. */
export function OnboardingDialog({ open, onOpenChange }: OnboardingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Complete Your Onboarding</DialogTitle>
          <DialogDescription>Tell us about you and where your unit goes.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
