/**
 * Stages in the customer's language: the names and hints of src/shared/stages.ts (customerStageLabel,
 * customerStageHint, customerOrderStage) looked up in the `stages` catalogue by stage code.
 */
import { useTranslation } from 'react-i18next';
import { customerOrderSteps, customerStageHint, type Stage } from '../../shared/stages.js';

export function useStageText() {
  const { t } = useTranslation('stages');
  const label = (stage: Stage) => t(`${stage}.label`);
  return {
    /** The stage's customer name (its timeline step). */
    label,
    /** What tells two stages on one step apart, or null. */
    hint: (stage: Stage) => (customerStageHint(stage) === null ? null : t(`${stage}.hint`)),
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
