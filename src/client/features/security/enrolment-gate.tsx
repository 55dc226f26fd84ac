/**
 * What staff see while Settings → Security requires a second factor they do not have yet: every
 * back-office call answers 403 until then, so the only page is the set-up itself (decision 154).
 */
import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useLogout } from '../auth/session';
import { SecondFactorCard } from './second-factor-card';

export default function EnrolmentGate() {
  const logout = useLogout();
  return (
    <main id="main-content" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Set up a second factor</h1>
        <p className="text-muted-foreground">
          Before you continue to the back office, add a passkey or an authenticator app to your account.
        </p>
      </header>
      <SecondFactorCard />
      <Button variant="outline" className="w-fit" loading={logout.isPending} onClick={() => logout.mutate()}>
        <LogOut aria-hidden="true" />
        Sign out
      </Button>
    </main>
  );
}
