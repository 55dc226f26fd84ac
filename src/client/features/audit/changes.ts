import { isStage, STAGE_LABELS } from '../../../shared/stages.js';

const stageLabel = (value: unknown) =>
  typeof value === 'string' && isStage(value) ? STAGE_LABELS[value] : value;

/**
 * An entry's changes as the audit log shows them: its JSON, with a `status` that names a stage (or a
 * list of them, as an export's filter does) written as the stage's label. The entry itself, and the
 * log's CSV, keep the stored codes.
 */
export function changesText(changes: Record<string, unknown>): string {
  return JSON.stringify(changes, (key, value) => {
    if (key !== 'status') return value;
    return Array.isArray(value) ? value.map(stageLabel) : stageLabel(value);
  });
}
