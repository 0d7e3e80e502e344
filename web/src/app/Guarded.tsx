import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { PageLoading } from '../components/PageLoading';
import { useAgent, usePlugins, useSiteInfo } from '../state/site';
import { useUser } from '../state/user';
import type { Guard, GuardContext, GuardResult } from './guards';
import { deriveLoginState } from './login-state';
import { forgetRedirect, peekRedirect, rememberRedirect } from './redirect';
import { leaveFor, withReturnPath } from './user-center';

/** What guards decide from: the session, site settings and the current location. */
export function useGuardContext(): GuardContext {
  const user = useUser();
  const site = useSiteInfo();
  const agent = useAgent();
  const plugins = usePlugins();
  const params = useParams();
  const { pathname, search } = useLocation();
  // A server render has no window; only the search page's guard reads the host, and it is not rendered there.
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return { login: deriveLoginState(user), site, agent, plugins, params, location: { host, pathname, search } };
}

type RedirectProps = Omit<Extract<GuardResult, { kind: 'redirect' }>, 'kind'>;

function Redirect({ to, remember, resume, external }: RedirectProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Read once: the effect may run twice (strict mode) and must not find the page already forgotten.
  const [target] = useState(() => (resume && peekRedirect()) || to);
  useEffect(() => {
    if (remember) rememberRedirect(pathname + search);
    if (resume) forgetRedirect();
    // A user centre's login (spec section 2) is told the page to come back to, as a connector's button is.
    if (external) leaveFor(withReturnPath(target));
    else navigate(target, { replace: true });
  }, [target, remember, resume, external, pathname, search, navigate]);
  return <PageLoading />;
}

/** Renders what a guard decided: the page, a redirect, or the 403 page in place. */
export function GuardOutcome({ result, children }: { result: GuardResult; children: ReactNode }) {
  if (result.kind === 'ok') return children;
  if (result.kind === 'forbidden') return <ErrorPage code="403" message={result.msg} />;
  if (result.kind === 'notFound') return <ErrorPage code="404" />;
  return <Redirect key={result.to} to={result.to} remember={result.remember} resume={result.resume} external={result.external} />;
}

/** Wraps a route's element in a guard of spec section 5; it re-decides when the user changes. */
export function Guarded({ rule, children }: { rule: Guard; children: ReactNode }) {
  return <GuardOutcome result={rule(useGuardContext())}>{children}</GuardOutcome>;
}
