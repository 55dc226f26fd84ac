import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Stage } from '../../../shared/stages.js';
import { useFormat } from '../../lib/use-format';
import { useStageNames } from '../locale/stage-names';

/**
 * Says, under the unit's timeline, that its last move was a correction back to an earlier stage, so a
 * step that was reached and is no longer ticked is explained rather than silently lost (decision 267).
 */
export function CorrectionNote({ correction }: { correction: { at: string; from: Stage; to: Stage } }) {
  const { t } = useTranslation('history');
  const { stageName } = useStageNames();
  const { date } = useFormat();
  return (
    <p className="flex items-start gap-2 rounded-md border border-dashed p-3 text-muted-foreground text-sm">
      <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {t('correction', {
          date: date(correction.at),
          from: stageName(correction.from),
          to: stageName(correction.to),
        })}
      </span>
    </p>
  );
}
