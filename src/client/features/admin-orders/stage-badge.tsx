import { STAGE_LABELS, type Stage, stageGroup } from '../../../shared/stages.js';
import { stageColours } from '../../lib/stage-colours';
import { cn } from '../../lib/utils';

/**
 * A stage's label as a badge in its group's colour, the same colour as the customer's unit card: a
 * dot and border in the colour, a light tint behind text in the foreground colour.
 */
export function StageBadge({ stage, className }: { stage: Stage; className?: string }) {
  const colours = stageColours(stage);
  return (
    <span
      data-stage-group={stageGroup(stage)}
      className={cn(
        'inline-flex min-w-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-foreground text-xs',
        colours.border,
        colours.tint,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', colours.dot)} />
      <span className="truncate">{STAGE_LABELS[stage]}</span>
    </span>
  );
}
