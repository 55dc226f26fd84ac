import { useLocation } from 'react-router';
import { toast } from '../../components/ui/use-toast';
import { AuthPage } from './auth-page';
import { RedirectIfSignedIn } from './guards';
import { useSetSessionUser } from './session';

/**
 * /auth inside the full app (reached without a page load, after signing out or from a guard): the
 * same sign-in screen; once signed in, the session query holds the user and the guard sends them on.
 */
export function AuthRoute() {
  const { search } = useLocation();
  const setSessionUser = useSetSessionUser();
  return (
    <RedirectIfSignedIn>
      <AuthPage
        search={search}
        onSignedIn={(user, notice) => {
          toast(notice);
          setSessionUser(user);
        }}
      />
    </RedirectIfSignedIn>
  );
}
