import { useLocation, useNavigate } from 'react-router';
import { useGuardContext } from '../../../app/Guarded';
import { activated, all, notForbidden } from '../../../app/guards';
import { rememberRedirect } from '../../../app/redirect';

// The same rule as the pages for writing: visitors log in, unconfirmed users see the notice.
const member = all(activated, notForbidden);

/**
 * For buttons anyone sees but only active members may use (votes, bookmarks, follows, reactions):
 * returns a check that lets a member through, and sends anyone else where the guards would,
 * coming back here after logging in.
 */
export function useMemberGate(): () => boolean {
  const ctx = useGuardContext();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    const verdict = member(ctx);
    if (verdict.kind !== 'redirect') return true;
    if (verdict.remember) rememberRedirect(pathname + search);
    navigate(verdict.to);
    return false;
  };
}
