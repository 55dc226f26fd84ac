/**
 * Endpoints: each inbound endpoint with its fields, read from the same zod/mini schemas the server
 * validates with (src/shared/schemas/webhooks.ts), so the documentation cannot drift from what the
 * server accepts.
 */
import {
  describeFields,
  type PayloadVariant,
  WEBHOOK_ENDPOINTS,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhooks.js';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { prettyJson } from './event-display';

export function webhookPath(endpoint: WebhookEndpoint): string {
  return `/api/webhooks/${endpoint.endpoint}`;
}

export function EndpointsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Inbound endpoints</CardTitle>
        <CardDescription>
          External systems call these with a POST, a JSON body and an API key (Settings → API Keys). Open an
          endpoint to see its fields.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Accordion type="multiple">
          {WEBHOOK_ENDPOINTS.map((endpoint) => (
            <AccordionItem key={endpoint.endpoint} value={endpoint.endpoint}>
              <AccordionTrigger>
                <span className="grid min-w-0 gap-1">
                  <span>{endpoint.title}</span>
                  <code className="break-all font-mono font-normal text-muted-foreground text-xs">
                    POST {webhookPath(endpoint)}
                  </code>
                </span>
              </AccordionTrigger>
              <AccordionContent className="grid gap-4">
                <p className="text-muted-foreground">{endpoint.description}</p>
                {endpoint.variants.map((variant) => (
                  <PayloadDocs
                    key={variant.title ?? endpoint.endpoint}
                    endpoint={endpoint}
                    variant={variant}
                  />
                ))}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </CardContent>
    </Card>
  );
}

function PayloadDocs({ endpoint, variant }: { endpoint: WebhookEndpoint; variant: PayloadVariant }) {
  const fields = describeFields(variant);
  const name = variant.title ? `${endpoint.title}: ${variant.title}` : endpoint.title;
  return (
    <section aria-label={`${name} payload`} className="grid min-w-0 gap-3">
      {variant.title && <h3 className="font-semibold">{variant.title}</h3>}
      <div className="hidden sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>Required</TableHead>
              <TableHead>Description</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((field) => (
              <TableRow key={field.name}>
                <TableCell className="align-top font-mono text-xs">{field.name}</TableCell>
                <TableCell className="align-top">
                  <Requirement field={field} />
                </TableCell>
                <TableCell className="min-w-48 align-top text-muted-foreground">
                  {field.description}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {/* Below 640 px the three columns do not fit: one entry per field. */}
      <ul className="grid gap-2 sm:hidden" aria-label={`${name} fields`}>
        {fields.map((field) => (
          <li key={field.name} className="grid gap-1 rounded-lg border p-3">
            <span className="flex flex-wrap items-center gap-2">
              <code className="break-all font-mono text-xs">{field.name}</code>
              <Requirement field={field} />
            </span>
            <span className="text-muted-foreground">{field.description}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-1">
        <p className="font-medium text-sm">Example</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
          <code>{prettyJson(variant.example)}</code>
        </pre>
      </div>
    </section>
  );
}

function Requirement({ field }: { field: ReturnType<typeof describeFields>[number] }) {
  if (field.required) return <Badge>Required</Badge>;
  if (!field.requiredWhen) return <Badge variant="outline">Optional</Badge>;
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant="secondary">Conditional</Badge>
      <span className="text-muted-foreground text-xs">Required when {field.requiredWhen}</span>
    </span>
  );
}
