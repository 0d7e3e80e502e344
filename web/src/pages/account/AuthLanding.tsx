import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { deriveLoginState } from '../../app/login-state';
import { ROUTES } from '../../app/paths';
import { forgetRedirect, isSitePath } from '../../app/redirect';
import { PageLoading } from '../../components/PageLoading';
import { loginWithToken } from '../../state/user';

/** Where a refused token sends the person: the external sign-in's failure page, its generic message. */
const FAILED = '/user-center/auth-failed';

/**
 * /users/auth-landing?access_token=...&redirect=...: where external logins come back (the server
 * sends the browser here after a connector signed the person in). Logs in with the token, then goes
 * to the inactive notice, or to `redirect` when it is a path of this site (it came through the
 * address bar, so anyone could have written it), else home.
 */
export function AuthLanding() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Read once: the address is cleaned below, and the router would then render without them.
  const [landing] = useState(() => ({ token: params.get('access_token'), target: params.get('redirect') }));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // A session token must not stay in the address bar, the history or a bookmark: gone before anything loads.
    window.history.replaceState(window.history.state, '', ROUTES.authLanding);
    const { token, target } = landing;
    if (!token) {
      navigate(ROUTES.home, { replace: true });
      return;
    }
    void loginWithToken(token).then((user) => {
      const login = deriveLoginState(user);
      if (!login.isLoggedIn) return navigate(FAILED, { replace: true });
      // The server already brought back the page the person was on: the one kept for the login form is spent.
      forgetRedirect();
      if (login.isNotActivated) navigate(ROUTES.inactive, { replace: true });
      else navigate(isSitePath(target) ? target : ROUTES.home, { replace: true });
    });
  }, [landing, navigate]);

  return <PageLoading />;
}
