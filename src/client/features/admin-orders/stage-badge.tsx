import { STAGE_LABELS, type Stage } from '../../../shared/stages.js';
import { Badge } from '../../components/ui/badge';

/** A stage's label as a badge: delivered green, not yet started outlined, everything between grey. */
export function StageBadge({ stage }: { stage: Stage }) {
  const variant = stage === 'DELIVERED' ? 'success' : stage === 'ORDER_PLACED' ? 'outline' : 'secondary';
  return <Badge variant={variant}>{STAGE_LABELS[stage]}</Badge>;
}
