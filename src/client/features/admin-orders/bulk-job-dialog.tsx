/**
 * A bulk action over every order matching the list's filter (decision 285): the confirmation names
 * the count (and, for a status change, asks for the stage), then the same dialog follows the server's
 * job with a progress bar until it is done or failed. A job is all or nothing, and the dialog says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { counted } from '../../../shared/plural.js';
import type { BulkAction, BulkFilter } from '../../../shared/schemas/bulk-jobs.js';
import { STAGE_LABELS, type Stage } from '../../../shared/stages.js';
import { SelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { adminOrderKeys, useBulkJob, useBulkJobLiveProgress, useStartBulkJob } from './api';
import { download } from './download';
import { stageChoices } from './status-dialog';

export interface BulkJobTarget {
  action: BulkAction;
  filter: BulkFilter;
  /** How many orders match, as the list counted them. */
  count: number;
}

interface BulkJobDialogProps {
  target: BulkJobTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the job is done (the bar clears its selection). */
  onDone: () => void;
}

const TITLES: Record<BulkAction, (orders: string) => string> = {
  status: (orders) => `Change the status of ${orders}?`,
  export: (orders) => `Export ${orders}?`,
  delete: (orders) => `Delete ${orders}?`,
};

const EXPLAINED: Record<BulkAction, string> = {
  status: 'Every unit of every matching order moves to the stage you choose, in one job.',
  export: 'One CSV file of every matching order, made on the server; it downloads when ready.',
  delete: 'Every matching order, its units and its history are removed for good; this cannot be undone.',
};

export function BulkJobDialog({ target, open, onOpenChange, onDone }: BulkJobDialogProps) {
  const start = useStartBulkJob();
  const [jobId, setJobId] = useState<number | null>(null);
  const [stage, setStage] = useState<string | undefined>(undefined);
  const job = useBulkJob(jobId);
  const told = useBulkJobLiveProgress(jobId);
  const queryClient = useQueryClient();
  const orders = counted(target.count, 'matching order', 'matching orders');
  const running =
    start.isPending || (jobId !== null && job.data?.state !== 'done' && job.data?.state !== 'failed');
  const finished = useRef<number | null>(null);

  useEffect(() => {
    const data = job.data;
    if (!data || data.state === 'running' || finished.current === data.id) return;
    finished.current = data.id;
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    if (data.state === 'done') {
      toastSuccess(data.message ?? 'Done');
      if (data.fileUrl) download(data.fileUrl);
      onDone();
    }
  }, [job.data, queryClient, onDone]);

  function confirm() {
    if (target.action === 'status' && !stage) return;
    start.mutate(
      {
        filter: target.filter,
        action: target.action,
        ...(target.action === 'status' && { status: stage as Stage }),
      },
      {
        onSuccess: ({ jobId: id }) => setJobId(id),
        onError: (error) => toastError('The job could not start', error, GENERIC_ERROR),
      },
    );
  }

  const data = job.data;
  const total = data?.total ?? told?.total ?? target.count;
  // While the job runs, the poll's answer or the live connection's word, whichever has come further.
  const toldDone = data && data.state !== 'running' ? 0 : (told?.done ?? 0);
  const done = Math.max(data?.done ?? 0, toldDone);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !running && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TITLES[target.action](orders)}</DialogTitle>
          <DialogDescription>
            {EXPLAINED[target.action]} It is all or nothing: if it stops midway, no order is changed.
          </DialogDescription>
        </DialogHeader>

        {jobId === null && target.action === 'status' && (
          <SelectField
            label="New status"
            value={stage}
            onChange={setStage}
            choices={stageChoices()}
            placeholder="Choose a stage"
          />
        )}

        {jobId !== null && (
          <div className="grid gap-2" aria-live="polite">
            <div
              role="progressbar"
              aria-label="Job progress"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={done}
              aria-valuetext={`${done} of ${total}`}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm tabular-nums">
              {data?.state === 'done' || data?.state === 'failed'
                ? data.message
                : `${done.toLocaleString('en-US')} of ${counted(total, 'order', 'orders')} handled…`}
            </p>
          </div>
        )}

        <DialogFooter>
          {jobId === null ? (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={start.isPending}>
                Cancel
              </Button>
              <Button
                variant={target.action === 'delete' ? 'destructive' : 'default'}
                loading={start.isPending}
                disabled={target.action === 'status' && !stage}
                onClick={confirm}
              >
                {target.action === 'status'
                  ? `Move ${orders}${stage ? ` to ${STAGE_LABELS[stage as Stage]}` : ''}`
                  : target.action === 'export'
                    ? `Export ${orders}`
                    : `Delete ${orders}`}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={running}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
