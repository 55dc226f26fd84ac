/**
 * "Move to <next stage>" from a row, the order page or the command palette: one call, then a toast
 * with Undo for a few seconds. Undo is a call of its own that puts the moved units back (the history
 * shows both moves). Plain functions over the query client, so the toast's Undo still works after the
 * menu or palette that started the move has closed.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { adminOrderRoutes } from '../../../shared/routes/admin-orders.js';
import type { NextStageResult } from '../../../shared/schemas/admin-orders.js';
import { nextStage, STAGE_LABELS, type Stage } from '../../../shared/stages.js';
import { toast } from '../../components/ui/use-toast';
import { callApi } from '../../lib/call-api';
import { toastError, toastSuccess } from '../../lib/notify';
import { adminOrderKeys } from './api';

/** Long enough to notice a slip and reach Undo (F8 moves focus to the toast). */
export const UNDO_TOAST_MS = 8000;

/** What a move needs to know of an order: its internal id, its shown name and the stage shown. */
export interface NextStageTarget {
  id: number;
  label: string;
  status: Stage;
}

/** 'Move to In Production', or null at the last stage. */
export function nextStageLabel(status: Stage): string | null {
  const next = nextStage(status);
  return next === null ? null : `Move to ${STAGE_LABELS[next]}`;
}

async function undo(queryClient: QueryClient, target: NextStageTarget, move: NextStageResult) {
  try {
    await callApi(adminOrderRoutes.undoNextStage, {
      params: { id: target.id },
      body: { from: move.from, to: move.to, itemNumbers: move.itemNumbers },
    });
    toastSuccess(`${target.label} moved back to ${STAGE_LABELS[move.from]}`);
  } catch (error) {
    toastError('Could not undo', error);
  } finally {
    await queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
  }
}

export async function moveToNextStage(queryClient: QueryClient, target: NextStageTarget): Promise<void> {
  let move: NextStageResult;
  try {
    move = await callApi(adminOrderRoutes.nextStage, {
      params: { id: target.id },
      body: { from: target.status },
    });
  } catch (error) {
    toastError(`Could not move ${target.label}`, error);
    await queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    return;
  }
  toast({
    variant: 'success',
    title: `${target.label} moved to ${STAGE_LABELS[move.to]}`,
    duration: UNDO_TOAST_MS,
    action: {
      label: 'Undo',
      altText: `Undo: move ${target.label} back to ${STAGE_LABELS[move.from]} with Change Status`,
      onClick: () => void undo(queryClient, target, move),
    },
  });
  await queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
}

/** `move(target)` for a component; the result outlives it. */
export function useMoveToNextStage() {
  const queryClient = useQueryClient();
  return (target: NextStageTarget) => moveToNextStage(queryClient, target);
}
