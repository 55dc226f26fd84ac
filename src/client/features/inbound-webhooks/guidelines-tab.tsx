/** Format Guidelines: how to call the inbound webhooks (the same ground as docs/api.md). */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';

const STATUS_CODES = [
  ['200', 'Processed (201 when POST /api/webhooks/orders created the order).'],
  ['400', 'Invalid format or missing fields; the answer names each one under fields.'],
  ['401', 'Invalid, revoked or missing API key, or a key sent in the URL.'],
  ['404', 'Unknown order, unit or endpoint.'],
  ['409', 'An Idempotency-Key already used with a different payload.'],
  ['415', 'The body is not JSON.'],
  ['500', 'Server error: send the same message again later.'],
] as const;

const EXAMPLE = `curl -X POST https://your-portal.example.com/api/webhooks/order-status \\
  -H "Authorization: Bearer ofk_your_api_key" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 6f1c2d3e-order-status-1" \\
  -d '{"orderId": "VH1042", "status": "PRODUCTION"}'`;

function Code({ children }: { children: string }) {
  return <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{children}</code>;
}

export function GuidelinesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Format Guidelines</CardTitle>
        <CardDescription>What every call to a webhook must look like.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <section aria-labelledby="guide-auth" className="grid gap-2">
          <h3 id="guide-auth" className="font-semibold">
            Authentication
          </h3>
          <p>
            Send an API key from Settings → API Keys as a bearer token:{' '}
            <Code>Authorization: Bearer ofk_…</Code>. Keys are accepted only in this header, never in the
            address.
          </p>
        </section>
        <section aria-labelledby="guide-type" className="grid gap-2">
          <h3 id="guide-type" className="font-semibold">
            Content type
          </h3>
          <p>
            Send a JSON object with <Code>Content-Type: application/json</Code>. An order is named by{' '}
            <Code>orderId</Code>: a string is its business id (VH1042), a number its internal id. A unit is
            named by <Code>itemId</Code> or <Code>itemNumber</Code>; without either, every unit of the order
            changes.
          </p>
        </section>
        <section aria-labelledby="guide-once" className="grid gap-2">
          <h3 id="guide-once" className="font-semibold">
            Idempotency
          </h3>
          <p>
            Give each message a unique <Code>Idempotency-Key</Code> (or <Code>webhook-id</Code>) header. A
            message sent again with the same key is answered as the first time and changes nothing. Without a
            header, the same body to the same endpoint within an hour counts as a repeat.
          </p>
        </section>
        <section aria-labelledby="guide-codes" className="grid gap-2">
          <h3 id="guide-codes" className="font-semibold">
            Status codes
          </h3>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Meaning</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {STATUS_CODES.map(([code, meaning]) => (
                <TableRow key={code}>
                  <TableCell className="font-mono">{code}</TableCell>
                  <TableCell>{meaning}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
        <section aria-labelledby="guide-example" className="grid gap-2">
          <h3 id="guide-example" className="font-semibold">
            Example
          </h3>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
            <code>{EXAMPLE}</code>
          </pre>
        </section>
      </CardContent>
    </Card>
  );
}
