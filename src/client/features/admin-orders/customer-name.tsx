import { cn } from '../../lib/utils';
import { customerLabel } from './format';

/**
 * The order's customer: 'Guest' (muted) for a guest order, else the e-mail, which may break before its
 * '@' in a narrow column rather than in the middle of a word.
 */
export function CustomerName({ email, className }: { email: string | null; className?: string }) {
  if (email === null)
    return <span className={cn('text-muted-foreground italic', className)}>{customerLabel(email)}</span>;
  const at = email.lastIndexOf('@');
  return (
    <span className={cn('break-words', className)}>
      {at <= 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      )}
    </span>
  );
}
