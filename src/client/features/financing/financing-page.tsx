/**
 * Financing (staff with financing.read): every financing application, most recently changed first,
 * filtered by state and paged on the server. No applicant details here: they are on the order's page.
 */
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  FINANCING_STATES,
  type FinancingListItem,
  type FinancingState,
} from '../../../shared/schemas/financing.js';
import { unitName } from '../../../shared/unit-name.js';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../lib/use-format';
import { useFinancingApplications } from './api';
import { STAFF_STATE_WORDS, StaffFinancingState } from './staff-financing-state';

const PAGE_SIZE = 25;

export default function FinancingPage() {
  const [status, setStatus] = useState<FinancingState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useFinancingApplications({ status, page, pageSize: PAGE_SIZE });
  const show = (next: FinancingState | undefined) => {
    setStatus(next);
    setPage(1);
  };
  const data = list.data;
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Financing</h1>
        <p className="text-muted-foreground">
          Customers' financing applications and the providers' decisions.
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show applications</legend>
        {([undefined, ...FINANCING_STATES] as const).map((value) => (
          <Button
            key={value ?? 'all'}
            size="sm"
            variant={status === value ? 'default' : 'outline'}
            aria-pressed={status === value}
            onClick={() => show(value)}
          >
            {value ? STAFF_STATE_WORDS[value] : 'All'}
          </Button>
        ))}
      </fieldset>
      {list.isPending && <PageSkeleton heading={false} blocks={3} />}
      {list.isError && !data && (
        <LoadFailed onRetry={() => list.refetch()}>We could not load the financing applications.</LoadFailed>
      )}
      {data && (
        <Card className="grid gap-4 p-4 sm:p-6" aria-busy={list.isFetching || undefined}>
          {data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">
              {status
                ? `No application is ${STAFF_STATE_WORDS[status].toLowerCase()}.`
                : 'No applications yet.'}
            </p>
          ) : (
            <ul className="grid divide-y rounded-lg border">
              {data.items.map((row) => (
                <li key={row.id}>
                  <ApplicationLink row={row} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            noun={{ one: 'application', other: 'applications' }}
            onPageChange={setPage}
          />
        </Card>
      )}
    </section>
  );
}

function ApplicationLink({ row }: { row: FinancingListItem }) {
  const format = useFormat();
  const when = row.decidedAt ?? row.submittedAt ?? row.updatedAt;
  return (
    <Link
      to={`/admin/orders/${row.orderId}#financing`}
      className="flex items-center gap-3 px-3 py-3 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{unitName(row.orderNumber, row.itemNumber)}</span>
          <StaffFinancingState state={row.state} />
        </span>
        <span className="break-words text-muted-foreground">
          {row.customer.name || row.customer.email}
          {row.provider && ` · ${row.provider}`}
          {row.termMonths != null && ` · ${row.termMonths} months`}
          {row.amount != null && ` · ${format.money(row.amount)}`}
        </span>
        <span className="text-muted-foreground text-xs">
          {row.decidedAt ? 'Decided' : row.submittedAt ? 'Submitted' : 'Last saved'} {format.dateTime(when)}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}
