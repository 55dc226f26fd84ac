/** A staff member's own account page in the back office: second factor and sessions. */
import { SecondFactorCard } from './second-factor-card';
import { SessionsCard } from './sessions-card';

export default function AccountSecurityPage() {
  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">My account</h1>
        <p className="text-muted-foreground">How you sign in, and where you are signed in.</p>
      </header>
      <SecondFactorCard />
      <SessionsCard />
    </section>
  );
}
