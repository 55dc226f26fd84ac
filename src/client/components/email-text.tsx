import { cn } from '../lib/utils';

/**
 * An e-mail address that wraps before its '@' when it must, rather than mid-word, and anywhere when a
 * part alone is wider than the column (an 80-character address on a phone).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className={cn('wrap-anywhere', className)}>{email}</span>;
  return (
    <span className={cn('wrap-anywhere', className)}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
