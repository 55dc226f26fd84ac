import type { FinancingState } from '../../../shared/schemas/financing.js';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

/** The states in the back office's words (English only, as the back office is). */
export const STAFF_STATE_WORDS: Record<FinancingState, string> = {
  draft: 'Draft',
  submitted: 'Under review',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const TONES: Record<FinancingState, string> = {
  draft: 'text-muted-foreground',
  submitted: 'border-primary/50 text-primary',
  approved: 'border-success/50 text-success',
  declined: 'border-destructive/50 text-destructive',
  withdrawn: 'text-muted-foreground',
};

export function StaffFinancingState({ state }: { state: FinancingState }) {
  return (
    <Badge variant="outline" className={cn(TONES[state])}>
      {STAFF_STATE_WORDS[state]}
    </Badge>
  );
}
