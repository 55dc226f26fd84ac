import { useState } from 'react';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilter } from '../../../shared/schemas/audit.js';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { Card } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDateTime } from '../../lib/dates';
import { download } from '../admin-orders/download';
import { auditExportUrl, useAuditLog } from './api';
import { AuditEntryChanges } from './audit-entry-changes';
import { AuditFilters } from './audit-filters';
import { AuditSentenceText } from './audit-sentence-text';

/**
 * The audit log: who did what, when, from where. Filters apply on Apply (or Enter), so typing an
 * address does not fire a request per key; the server pages and filters, and the CSV export takes the
 * same filter.
 */
export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog({ ...filter, page, pageSize: AUDIT_PAGE_SIZE });
  const data = log.data;

  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Audit log</h1>
        <p className="text-muted-foreground text-sm">
          Every change staff made, and every staff sign-in. Entries cannot be edited or deleted.
        </p>
      </div>

      <AuditFilters
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
        onExport={() => download(auditExportUrl(filter))}
      />

      {log.isPending && <PageSkeleton heading={false} blocks={4} />}
      {log.isError && !data && (
        <LoadFailed onRetry={() => log.refetch()}>We could not load the audit log.</LoadFailed>
      )}

      {data && (
        <Card className="grid gap-4 p-4 sm:p-6" aria-busy={log.isFetching || undefined}>
          {data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No entries match these filters</p>
          ) : (
            <>
              <AuditTable entries={data.items} />
              <AuditList entries={data.items} />
            </>
          )}
          <Pager
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={data.total}
            noun={{ one: 'entry', other: 'entries' }}
            onPageChange={setPage}
          />
        </Card>
      )}
    </section>
  );
}

/** From 1024 px: a table. */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // The wrapper hides the table's scroll container too on narrower screens, which get the list.
    <div className="hidden lg:block">
      <Table>
        <caption className="sr-only">Audit entries, newest first</caption>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>What happened</TableHead>
            <TableHead>Changes</TableHead>
            <TableHead>IP</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap align-top tabular-nums">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </TableCell>
              <TableCell className="min-w-64 max-w-md align-top whitespace-normal">
                <AuditSentenceText entry={entry} />
              </TableCell>
              <TableCell className="max-w-md align-top whitespace-normal">
                <AuditEntryChanges entry={entry} />
              </TableCell>
              <TableCell className="whitespace-nowrap align-top text-muted-foreground tabular-nums">
                {entry.ip}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below 1024 px: one card per entry, nothing to scroll sideways. */
function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul aria-label="Audit entries, newest first" className="grid gap-3 lg:hidden">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-2 rounded-lg border p-3 text-sm">
          <AuditSentenceText entry={entry} />
          <span className="text-muted-foreground">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.ip ? ` · ${entry.ip}` : ''}
          </span>
          <AuditEntryChanges entry={entry} />
        </li>
      ))}
    </ul>
  );
}
