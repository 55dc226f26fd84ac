/** A preview's or an import's outcome: the counts, the rows at fault (downloadable as CSV), the orders. */
import { Download } from 'lucide-react';
import { counted } from '../../../shared/plural.js';
import { type ImportResult, importErrorsCsv } from '../../../shared/schemas/imports.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';

export function ImportSummary({ result }: { result: ImportResult }) {
  const title = result.dryRun
    ? 'Preview'
    : result.created + result.updated + result.skipped > 0
      ? 'Import result'
      : 'Rows to fix';
  const counts = [
    { label: result.dryRun ? 'To create' : 'Created', value: result.created },
    { label: result.dryRun ? 'To update' : 'Updated', value: result.updated },
    { label: result.dryRun ? 'To skip' : 'Skipped', value: result.skipped },
    { label: 'Rejected', value: result.rejected },
  ];
  function downloadErrors() {
    const blob = new Blob([importErrorsCsv(result.errors)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'import-errors.csv';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{result.message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((count) => (
            <div key={count.label} className="rounded-lg border p-3">
              <dt className="text-muted-foreground text-sm">{count.label}</dt>
              <dd className="font-semibold text-2xl tabular-nums">{count.value.toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>

        {result.errors.length > 0 && (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="font-semibold">
                Errors
                {result.rejected > 0 && ` in ${counted(result.rejected, 'row', 'rows')}`}
              </h3>
              <Button variant="outline" size="sm" onClick={downloadErrors}>
                <Download aria-hidden />
                Download errors
              </Button>
            </div>
            <div className="max-h-96 overflow-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Row</TableHead>
                    <TableHead>Column</TableHead>
                    <TableHead>Reason</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.errors.map((error, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row can have several errors; the list never reorders
                    <TableRow key={index}>
                      <TableCell className="tabular-nums">{error.row}</TableCell>
                      <TableCell>{error.column ?? '—'}</TableCell>
                      <TableCell className="whitespace-normal break-words">{error.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}

        {result.orders.length > 0 && (
          <div className="grid gap-3">
            <h3 className="font-semibold">
              Orders
              {result.orders.length < result.created + result.updated + result.skipped &&
                ` (first ${result.orders.length})`}
            </h3>
            <div className="max-h-96 overflow-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Row</TableHead>
                    <TableHead>Order ID</TableHead>
                    <TableHead>Product</TableHead>
                    <TableHead>Qty</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Action</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.orders.map((order) => (
                    <TableRow key={order.row}>
                      <TableCell className="tabular-nums">{order.row}</TableCell>
                      <TableCell>{order.orderId}</TableCell>
                      <TableCell className="whitespace-normal break-words">{order.productName}</TableCell>
                      <TableCell className="tabular-nums">{order.quantity}</TableCell>
                      <TableCell>{order.status ? STAGE_LABELS[order.status] : '—'}</TableCell>
                      <TableCell>{actionLabel(order.action, result.dryRun)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function actionLabel(action: 'created' | 'updated' | 'skipped', dryRun: boolean) {
  if (!dryRun) return action[0]?.toUpperCase() + action.slice(1);
  return { created: 'Will be created', updated: 'Will be updated', skipped: 'Will be skipped' }[action];
}
