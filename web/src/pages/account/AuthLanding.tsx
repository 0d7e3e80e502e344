import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { deriveLoginState } from '../../app/login-state';
import { ROUTES } from '../../app/paths';
import { takeRedirect } from '../../app/redirect';
import { PageLoading } from '../../components/PageLoading';
import { loginWithToken } from '../../state/user';

/**
 * /users/auth-landing?access_token=...: where external logins come back. Logs in with the token,
 * then goes to the inactive notice, or back to the remembered page (spec section 4, token login).
 */
export function AuthLanding() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('access_token');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      navigate(ROUTES.home, { replace: true });
      return;
    }
    void loginWithToken(token).then((user) => {
      const login = deriveLoginState(user);
      if (!login.isLoggedIn) navigate(ROUTES.home, { replace: true });
      else if (login.isNotActivated) navigate(ROUTES.inactive, { replace: true });
      else navigate(takeRedirect(), { replace: true });
    });
  }, [token, navigate]);

  return <PageLoading />;
}
