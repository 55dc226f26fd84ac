import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  AUDIT_ACTIONS,
  type AuditFilter,
  type AuditFilterForm,
  auditFilterFormSchema,
  auditFilterFromForm,
} from '../../../shared/schemas/audit.js';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { actionLabel } from './sentence';

const NATIVE_SELECT =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40';

/** Who, what and between which days; applied on submit, and Export CSV takes the applied filter. */
export function AuditFilters({
  onApply,
  onExport,
}: {
  onApply: (filter: AuditFilter) => void;
  onExport: () => void;
}) {
  const id = useId();
  const form = useForm<AuditFilterForm>({
    defaultValues: { actor: '', action: '', from: '', to: '' },
    resolver: zodResolver(auditFilterFormSchema),
  });
  const submit = form.handleSubmit((values) => onApply(auditFilterFromForm(values)));
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.5fr_1.5fr_1fr_1fr_auto_auto] lg:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-actor`}>Who (e-mail)</Label>
        <Input
          id={`${id}-actor`}
          type="search"
          placeholder="e.g. ops@example.com"
          {...form.register('actor')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-action`}>What</Label>
        <select id={`${id}-action`} className={NATIVE_SELECT} {...form.register('action')}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {actionLabel(name)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" {...form.register('from')} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" {...form.register('to')} />
      </div>
      <Button type="submit">Apply filters</Button>
      <Button type="button" variant="outline" onClick={onExport}>
        <Download aria-hidden="true" />
        Export CSV
      </Button>
    </form>
  );
}
