import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isStaffRole } from '../../../shared/permissions.js';
import { Button } from '../../components/ui/button';
import { FrameSkeleton } from '../../components/ui/skeleton';
import { PageSpinner } from '../../components/ui/spinner';
import { lazyChunk } from '../../lib/lazy-chunk';
import { homePathFor } from './home-path';
import { useSession } from './session';

// Only staff who must still set up a second factor load it.
const EnrolmentGate = lazyChunk(() => import('../security/enrolment-gate'));

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-semibold text-xl">We couldn't reach OrderFlow</h1>
      <p className="max-w-sm text-muted-foreground text-sm">
        Check your connection and try again. If this keeps happening, the service may be briefly unavailable.
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}

function FullPageSpinner() {
  return (
    <main className="flex min-h-dvh">
      <PageSpinner />
    </main>
  );
}

/** Signed-in guard: the frame while the session loads, visitors to /auth. */
export function RequireUser() {
  const { user, isLoading, isError, retry } = useSession();
  if (isLoading) return <FrameSkeleton />;
  if (isError) return <SessionError onRetry={retry} />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** Back-office guard: as the signed-in guard, and a signed-in customer goes to /; any staff role enters. */
export function RequireAdmin() {
  const { user, isLoading, isError, retry } = useSession();
  if (isLoading) return <FrameSkeleton />;
  if (isError) return <SessionError onRetry={retry} />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isStaffRole(user.role)) return <Navigate to="/" replace />;
  if (user.mustEnrolSecondFactor) return <EnrolmentGate />;
  return <Outlet />;
}

/** /auth is for visitors: a signed-in staff member goes to /admin, anyone else to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to={homePathFor(user.role)} replace />;
  // A failed session check still shows the sign-in screen: signing in is the way forward.
  return children;
}
