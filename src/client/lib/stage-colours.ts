/**
 * The colours of the stage groups (`stageGroup` in the shared stage model), spelled out as whole class
 * names so the stylesheet build finds them. The customer's unit cards take the border; the back
 * office's badges take the border, a light tint and a dot, with the text in the foreground colour so
 * it reads at AA on the tint in both themes.
 */
import { type Stage, type StageGroup, stageGroup } from '../../shared/stages.js';

interface GroupColours {
  border: string;
  tint: string;
  dot: string;
}

export const STAGE_GROUP_COLOURS: Record<StageGroup, GroupColours> = {
  delivered: { border: 'border-success', tint: 'bg-success/15', dot: 'bg-success' },
  customer: { border: 'border-primary', tint: 'bg-primary/10', dot: 'bg-primary' },
  build: { border: 'border-warning', tint: 'bg-warning/20', dot: 'bg-warning' },
  waiting: { border: 'border-border', tint: 'bg-muted', dot: 'bg-muted-foreground' },
};

export function stageColours(stage: Stage): GroupColours {
  return STAGE_GROUP_COLOURS[stageGroup(stage)];
}
