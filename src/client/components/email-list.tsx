import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { EmailText } from './email-text';

/**
 * Below 640 px, where a list's table no longer fits: one bordered entry per person, the e-mail first,
 * its one action button always in reach beside it, and a line of details under the e-mail.
 */
export function EmailList<T extends { id: number; email: string }>({
  label,
  items,
  action,
  details,
  detailsClassName,
}: {
  /** The list's accessible name. */
  label: string;
  items: T[];
  action: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  detailsClassName?: string;
}) {
  return (
    <ul className="grid gap-2 sm:hidden" aria-label={label}>
      {items.map((item) => (
        <li
          key={item.id}
          className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
        >
          <EmailText email={item.email} className="min-w-0 font-medium" />
          <span className="row-span-2">{action(item)}</span>
          <span className={cn('text-muted-foreground text-xs', detailsClassName)}>{details(item)}</span>
        </li>
      ))}
    </ul>
  );
}
