/** An e-mail address that wraps before its '@' when it must, rather than mid-word. */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className={className}>{email}</span>;
  return (
    <span className={className}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
