import { cn } from '../../lib/utils';
import { customerLabel } from './format';

/**
 * The order's customer on one line: the name first, then the e-mail, muted; 'Guest' (muted) for a guest
 * order. Both are cut short with an ellipsis in a narrow column, the e-mail first but never below two
 * fifths of the line; the whole text stays
 * in the markup for screen readers and in the title for a pointer.
 */
export function CustomerName({
  email,
  name,
  className,
}: {
  email: string | null;
  name?: string | null;
  className?: string;
}) {
  if (email === null)
    return <span className={cn('text-muted-foreground italic', className)}>{customerLabel(email)}</span>;
  if (!name)
    return (
      <span className={cn('block truncate', className)} title={email}>
        {email}
      </span>
    );
  return (
    <span className={cn('flex min-w-0 items-baseline gap-1.5', className)} title={`${name} · ${email}`}>
      <span className="min-w-0 truncate font-medium">{name}</span>
      <span className="min-w-[40%] shrink-[3] truncate text-muted-foreground text-xs">{email}</span>
    </span>
  );
}
