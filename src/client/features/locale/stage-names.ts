/**
 * Stage names for customers in the active language: `common:stage.<CODE>` holds each stage's customer
 * name (its timeline step's), so a screen never shows the English name the server sends.
 */
import { useTranslation } from 'react-i18next';
import { customerStageLabel, STAGES, type Stage } from '../../../shared/stages.js';

/** The catalogue keys built from stage codes (listed for the catalogue test). */
export const STAGE_NAME_KEYS = STAGES.map((stage) => `stage.${stage}`);

/** The first stage on each customer timeline step, by the step's English name. */
const STAGE_OF_STEP = new Map<string, Stage>();
for (const stage of STAGES) {
  const step = customerStageLabel(stage);
  if (!STAGE_OF_STEP.has(step)) STAGE_OF_STEP.set(step, stage);
}

export function useStageNames() {
  const { t } = useTranslation('common');
  const stageName = (stage: Stage) => t(`stage.${stage}`);
  return {
    stageName,
    /** A timeline step (TIMELINE_STEPS' English name) in the active language. */
    stepName: (step: string) => {
      const stage = STAGE_OF_STEP.get(step);
      return stage ? stageName(stage) : step;
    },
  };
}
