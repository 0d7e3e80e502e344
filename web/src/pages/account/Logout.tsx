import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/common';
import { PageLoading } from '../../components/PageLoading';
import { clearUser } from '../../state/user';

/** /users/logout: ends the session on the server (best effort), forgets it here, goes home. */
export function Logout() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        clearUser();
        if (active) navigate('/', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <PageLoading />;
}
