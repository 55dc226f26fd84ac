import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-semibold text-3xl tracking-tight">404 Page Not Found</h1>
      <p className="max-w-sm text-muted-foreground text-sm">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go to home
      </Link>
    </main>
  );
}
