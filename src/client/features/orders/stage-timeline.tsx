import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stage } from '../../../shared/stages.js';
import { useStageText } from '../../lib/stage-text';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/utils';
import { timelineStates } from './unit-stage';

interface StageTimelineProps {
  status: Stage;
  /** When the unit reached each step, by position (stepReachedDates); undefined where unknown. */
  reachedAt?: readonly (string | undefined)[];
}

/**
 * The customer timeline (one step per TIMELINE_STEPS entry): a vertical list on phones, one row of
 * steps from 1024 px up. Each step says its state in words too, so it does not rest on colour alone;
 * reached steps carry their date, and the current one names the step that comes next.
 */
export function StageTimeline({ status, reachedAt = [] }: StageTimelineProps) {
  const { t } = useTranslation('common');
  const stages = useStageText();
  const { date: formatDate } = useFormat();
  const steps = timelineStates(status);
  return (
    <ol
      aria-label={t('timeline.label')}
      style={{ '--timeline-steps': steps.length } as CSSProperties}
      className="grid gap-3 lg:grid-cols-[repeat(var(--timeline-steps),minmax(0,1fr))] lg:gap-2"
    >
      {steps.map(({ stage, state }, index) => (
        <li
          key={stage}
          data-state={state}
          aria-current={state === 'current' ? 'step' : undefined}
          className="relative flex items-center gap-3 lg:flex-col lg:items-center lg:gap-2 lg:text-center"
        >
          {/* The line to the next step: down on phones, across from 1024 px up. */}
          {index < steps.length - 1 && (
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-7 left-3.5 h-[calc(100%-1rem)] w-px lg:top-3.5 lg:left-[calc(50%+1rem)] lg:h-px lg:w-[calc(100%-1.5rem)]',
                state === 'completed' ? 'bg-primary' : 'bg-border',
              )}
            />
          )}
          <span
            aria-hidden="true"
            className={cn(
              'relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 font-semibold text-xs',
              state === 'completed' && 'border-primary bg-primary text-primary-foreground',
              state === 'current' && 'border-primary bg-card text-primary ring-4 ring-primary/20',
              state === 'upcoming' && 'border-border bg-card text-muted-foreground',
            )}
          >
            {state === 'completed' ? <Check className="size-3.5" /> : index + 1}
          </span>
          <span
            className={cn(
              'text-sm lg:text-xs',
              state === 'current' && 'font-semibold text-primary',
              state === 'upcoming' && 'text-muted-foreground',
            )}
          >
            {stages.label(stage)}
            <span className="sr-only"> ({t(`timeline.state.${state}`)})</span>
            {state !== 'upcoming' && formatDate(reachedAt[index]) && (
              <span className="block font-normal text-muted-foreground text-xs">
                {formatDate(reachedAt[index])}
              </span>
            )}
            {state === 'current' && steps[index + 1] && (
              <span className="block font-normal text-muted-foreground text-xs">
                {t('timeline.next', { step: stages.label(steps[index + 1]?.stage ?? stage) })}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
