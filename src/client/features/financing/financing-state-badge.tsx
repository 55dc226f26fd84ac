import { CircleCheck, CircleX, Clock, FilePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FinancingState } from '../../../shared/schemas/financing.js';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

const ICONS = {
  draft: FilePen,
  submitted: Clock,
  approved: CircleCheck,
  declined: CircleX,
  withdrawn: CircleX,
};
const TONES: Record<FinancingState, string> = {
  draft: 'text-muted-foreground',
  submitted: 'border-primary/50 text-primary',
  approved: 'border-success/50 text-success',
  declined: 'border-destructive/50 text-destructive',
  withdrawn: 'text-muted-foreground',
};

/** A financing application's state in the reader's words: 'Financing: Under review'. */
export function FinancingStateBadge({ state, className }: { state: FinancingState; className?: string }) {
  const { t } = useTranslation('financing');
  const Icon = ICONS[state];
  return (
    <Badge variant="outline" className={cn(TONES[state], className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {t('badge', { state: t(`state.${state}`) })}
    </Badge>
  );
}
