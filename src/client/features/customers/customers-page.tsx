import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.js';
import { CUSTOMERS_PAGE_SIZE, type CustomerRow } from '../../../shared/schemas/customers.js';
import { EmailList } from '../../components/email-list';
import { EmailText } from '../../components/email-text';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useCustomers } from './api';
import { UserManagementDialog } from './user-management-dialog';

/**
 * Customers: users of role USER with their order count and total spent. The server computes, searches
 * and pages the list, so the page stays fast however many customers and orders there are.
 */
export default function CustomersPage() {
  // `?q=` opens the list already searched: an order's page links its customer this way.
  const [params] = useSearchParams();
  const [q, setQ] = useState(() => params.get('q')?.trim() ?? '');
  // The page belongs to the search it was chosen in: a new search starts at its first page.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const customers = useCustomers({ page, pageSize: CUSTOMERS_PAGE_SIZE, q });
  // The dialog's user; kept after closing so the dialog can animate out.
  const [viewing, setViewing] = useState<number | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  // A page left empty (its last customer deleted) steps back to the one before.
  const emptyPage = customers.isSuccess && customers.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPaging((current) => ({ ...current, page: current.page - 1 }));
  }, [emptyPage]);

  const data = customers.data;
  const view = (id: number) => {
    setViewing(id);
    setDialogOpen(true);
  };

  return (
    <section className="grid gap-6">
      <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Customers</h1>

      <SearchBox
        label="Search customers"
        placeholder="Search by email, name or ID"
        value={q}
        onSearch={setQ}
        debounced
        className="sm:max-w-sm"
      />

      {customers.isPending && <PageSkeleton heading={false} blocks={4} />}
      {customers.isError && !data && (
        <LoadFailed onRetry={() => customers.refetch()}>We could not load the customers.</LoadFailed>
      )}

      {data && (
        <Card className="grid gap-4 p-4 sm:p-6" aria-busy={customers.isFetching || undefined}>
          {data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No customers found</p>
          ) : (
            <>
              <CustomersTable customers={data.items} onView={view} />
              <CustomersList customers={data.items} onView={view} />
            </>
          )}
          <Pager
            page={page}
            pageSize={CUSTOMERS_PAGE_SIZE}
            total={data.total}
            noun={{ one: 'customer', other: 'customers' }}
            onPageChange={setPage}
          />
        </Card>
      )}

      {viewing !== null && (
        <UserManagementDialog userId={viewing} open={dialogOpen} onOpenChange={setDialogOpen} />
      )}
    </section>
  );
}

type ViewHandler = (id: number) => void;

function ViewButton({ customer, onView }: { customer: CustomerRow; onView: ViewHandler }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onView(customer.id)}>
      View<span className="sr-only"> {customer.email}</span>
    </Button>
  );
}

/** From 640 px: a table. */
function CustomersTable({ customers, onView }: { customers: CustomerRow[]; onView: ViewHandler }) {
  return (
    // The wrapper hides the table's scroll container too, which would otherwise leave a gap on phones.
    <div className="hidden sm:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>ID</TableHead>
            <TableHead>Email</TableHead>
            <TableHead className="text-right">Orders</TableHead>
            <TableHead className="text-right">Total Spent</TableHead>
            <TableHead className="text-right">Order Value</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {customers.map((customer) => (
            <TableRow key={customer.id}>
              <TableCell className="text-muted-foreground tabular-nums">{customer.id}</TableCell>
              <TableCell className="max-w-64 break-words font-medium">
                <EmailText email={customer.email} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{customer.orders}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCents(customer.totalSpent)}</TableCell>
              <TableCell className="text-right text-muted-foreground tabular-nums">
                {formatCents(customer.orderValue)}
              </TableCell>
              <TableCell className="text-right">
                <ViewButton customer={customer} onView={onView} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below 640 px the five columns do not fit: one entry per customer, the View button always in reach. */
function CustomersList({ customers, onView }: { customers: CustomerRow[]; onView: ViewHandler }) {
  return (
    <EmailList
      label="Customers"
      items={customers}
      action={(customer) => <ViewButton customer={customer} onView={onView} />}
      detailsClassName="tabular-nums"
      details={(customer) =>
        `ID ${customer.id} · Orders ${customer.orders} · Total Spent ${formatCents(customer.totalSpent)} · Order Value ${formatCents(customer.orderValue)}`
      }
    />
  );
}
