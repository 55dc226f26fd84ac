/**
 * The back office order page's financing applications (financing.read): each unit's application with
 * its state and the applicant's details, which only staff with the permission ever see.
 */
import { FileText } from 'lucide-react';
import type { FinancingApplication } from '../../../shared/schemas/financing.js';
import { unitName } from '../../../shared/unit-name.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useFormat } from '../../lib/use-format';
import { useCan } from '../auth/permissions';
import { useOrderFinancing } from './api';
import { StaffFinancingState } from './staff-financing-state';

const EMPLOYMENT: Record<string, string> = {
  employed: 'Employed',
  self_employed: 'Self-employed',
  retired: 'Retired',
  other: 'Other',
};

export function OrderFinancing({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const can = useCan();
  const allowed = can('financing.read');
  const financing = useOrderFinancing(orderId, { enabled: allowed });
  const items = financing.data?.items ?? [];
  if (!allowed || items.length === 0) return null;
  return (
    <Card id="financing" role="region" aria-label="Financing" className="scroll-mt-16">
      <CardHeader>
        <CardTitle>Financing</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {items.map((application) => (
          <Application key={application.id} application={application} orderNumber={orderNumber} />
        ))}
      </CardContent>
    </Card>
  );
}

function Application({
  application,
  orderNumber,
}: {
  application: FinancingApplication;
  orderNumber: string;
}) {
  const format = useFormat();
  const a = application.applicant;
  const rows: [string, string | null | undefined][] = [
    ['Provider', application.provider],
    ['Term', application.termMonths != null ? `${application.termMonths} months` : null],
    ['Amount', application.amount != null ? format.money(application.amount) : null],
    ['Applicant', [a.firstName, a.lastName].filter(Boolean).join(' ') || null],
    ['Email', a.email],
    ['Phone', a.phone],
    ['Date of birth', a.dateOfBirth],
    ['Address', a.address],
    ['Employment', a.employmentStatus ? EMPLOYMENT[a.employmentStatus] : null],
    ['Yearly income', a.annualIncome != null ? format.money(a.annualIncome) : null],
    ['Submitted', application.submittedAt ? format.dateTime(application.submittedAt) : null],
    ['Decided', application.decidedAt ? format.dateTime(application.decidedAt) : null],
  ];
  return (
    <div className="grid gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{unitName(orderNumber, application.itemNumber)}</span>
        <StaffFinancingState state={application.state} />
      </div>
      <dl className="grid gap-1">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words text-right">{value}</dd>
            </div>
          ))}
      </dl>
      {application.documents.length > 0 && (
        <ul className="grid gap-1">
          {application.documents.map((document) => (
            <li key={document.id}>
              <a
                href={`/api/uploads/${document.id}`}
                className="inline-flex items-center gap-2 break-all text-primary underline-offset-4 hover:underline"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0" />
                {document.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
