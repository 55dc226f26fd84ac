import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';

/** A back-office address the signed-in role may not use: said plainly, with the way back. */
export default function NotAllowedPage() {
  return (
    <section
      aria-labelledby="not-allowed-title"
      className="flex flex-col items-center justify-center gap-4 py-16 text-center"
    >
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="not-allowed-title" className="font-semibold text-2xl tracking-tight">
        Not allowed
      </h1>
      <p className="max-w-sm text-muted-foreground text-sm">
        Your role does not give access to this page. If you need it, ask an admin to change your role.
      </p>
      <Link to="/admin" className={buttonVariants()}>
        Go to the dashboard
      </Link>
    </section>
  );
}
