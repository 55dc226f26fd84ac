import { Link } from 'react-router';
import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { orderName } from '../../../shared/unit-name.js';
import { ListCard } from '../../components/list-card';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate } from '../../lib/dates';
import { CustomerName } from './customer-name';
import { orderPageUrl } from './format';
import { StageBadge } from './stage-badge';

/** The dashboard's newest orders. */
export function RecentOrders({ data }: { data: Dashboard }) {
  return (
    <ListCard
      title="Recent Orders"
      description="The newest orders first."
      viewAll={{ to: '/admin/orders', label: 'View all orders' }}
    >
      {data.recentOrders.length === 0 ? (
        <p className="text-muted-foreground text-sm">No orders yet.</p>
      ) : (
        <Table className="min-w-[40rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Order ID</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Product</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Stage</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.recentOrders.map((row) => {
              const label = orderName(row.orderId);
              return (
                <TableRow key={row.id}>
                  <TableCell className="whitespace-nowrap font-medium">
                    <Link
                      to={orderPageUrl(row.id)}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {label}
                    </Link>
                  </TableCell>
                  <TableCell className="max-w-56">
                    <CustomerName email={row.customerEmail} name={row.customerName} />
                  </TableCell>
                  <TableCell className="max-w-56 break-words">{row.productName}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(row.orderDate)}</TableCell>
                  <TableCell>
                    <StageBadge stage={row.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="sm" asChild>
                      <Link to={orderPageUrl(row.id)} aria-label={`View order ${label}`}>
                        View
                      </Link>
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </ListCard>
  );
}
