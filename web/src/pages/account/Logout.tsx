import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/common';
import { logoutThroughUserCenter } from '../../api/user-center';
import { activeAgent } from '../../app/agent';
import { leaveFor } from '../../app/user-center';
import { PageLoading } from '../../components/PageLoading';
import { agentStore } from '../../state/site';
import { clearUser } from '../../state/user';

/**
 * Ends the session on the server (best effort). With a user centre, the server also names its
 * logout (single sign-on: the provider's end of session), where the browser goes next; '' when
 * there is none. A failure there still ends the site's session the usual way.
 */
async function endSession(): Promise<string> {
  if (activeAgent(agentStore.get())) {
    const ended = await logoutThroughUserCenter().catch(() => null);
    if (ended) return /^https?:\/\//i.test(ended.redirect_url) ? ended.redirect_url : '';
  }
  await logout().catch(() => undefined);
  return '';
}

/** /users/logout: ends the session on the server, forgets it here, goes home (or to the user centre's logout). */
export function Logout() {
  const navigate = useNavigate();
  // Once: a second run (strict mode) would find the session already ended and miss the user centre's logout.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void endSession().then((next) => {
      clearUser();
      if (next) leaveFor(next);
      else navigate('/', { replace: true });
    });
  }, [navigate]);
  return <PageLoading />;
}
