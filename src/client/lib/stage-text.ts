/**
 * Stages in the customer's language: the names of src/shared/stages.ts (customerStageLabel,
 * customerOrderStage) from `common:stage.<CODE>` (useStageNames, shared with the tracking page), and
 * the portal's hint and mixed-stage wording from the `stages` catalogue.
 */
import { useTranslation } from 'react-i18next';
import { isDocumentReady } from '../../shared/schemas/orders.js';
import { customerOrderSteps, customerStageHint, type Stage } from '../../shared/stages.js';
import { useStageNames } from '../features/locale/stage-names';

export function useStageText() {
  const { t } = useTranslation('stages');
  const { stageName: label } = useStageNames();
  return {
    /** The stage's customer name (its timeline step). */
    label,
    /**
     * What tells two stages on one step apart, or null. The one hint says the documents are still in
     * preparation, so a unit whose documents are ready to sign (its button says so) has none.
     */
    hint: (stage: Stage, stageData: Record<string, unknown>) =>
      customerStageHint(stage) === null || isDocumentReady(stageData) ? null : t(`${stage}.hint`),
    /** An order's stage from its units: one name, or 'Units at different stages' and where they are. */
    order: (unitStages: readonly Stage[]) => {
      const { steps, total } = customerOrderSteps(unitStages);
      if (steps.length <= 1) {
        return { label: label(steps[0]?.stage ?? 'ORDER_PLACED'), mixed: false, breakdown: '' };
      }
      const breakdown = steps
        .map(({ stage, count }) => t('share', { step: label(stage), count, total }))
        .join(' · ');
      return { label: t('mixed'), mixed: true, breakdown };
    },
  };
}
