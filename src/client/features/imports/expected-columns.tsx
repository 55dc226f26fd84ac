/** The Import Data page's list of the columns a file may have, with what each takes. */
import { IMPORT_COLUMNS } from '../../../shared/schemas/imports.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

const COLUMN_HINTS: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  orderId: 'required, unique in the file',
  productName: 'required',
  quantity: 'whole number, 1 when empty',
  orderDate: '2025-03-14 or 3/14/2025',
  status: 'a stage as the export writes it (In Production), Order Placed when empty',
  email: 'links or creates the customer',
  zipCode: '5 digits or ZIP+4',
};

export function ExpectedColumns() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Expected columns</CardTitle>
        <CardDescription>
          The header row names the columns, in any order; case, spaces and underscores do not matter ('Order
          ID' is orderId).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2">
          {IMPORT_COLUMNS.map((column) => (
            <li key={column} className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{column}</code>
              <span className="text-muted-foreground">{COLUMN_HINTS[column]}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
