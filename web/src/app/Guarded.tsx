import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { PageLoading } from '../components/PageLoading';
import { useAgent, usePlugins, useSiteInfo } from '../state/site';
import { useUser } from '../state/user';
import type { Guard, GuardContext, GuardResult } from './guards';
import { deriveLoginState } from './login-state';
import { rememberRedirect } from './redirect';

function useGuardContext(): GuardContext {
  const user = useUser();
  const site = useSiteInfo();
  const agent = useAgent();
  const plugins = usePlugins();
  const params = useParams();
  const { pathname, search } = useLocation();
  return { login: deriveLoginState(user), site, agent, plugins, params, location: { host: window.location.host, pathname, search } };
}

function Redirect({ to, remember, external }: { to: string; remember?: boolean; external?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (remember) rememberRedirect(pathname + search);
    if (external) window.location.replace(to);
    else navigate(to, { replace: true });
  }, [to, remember, external, pathname, search, navigate]);
  return <PageLoading />;
}

/** Renders what a guard decided: the page, a redirect, or the 403 page in place. */
export function GuardOutcome({ result, children }: { result: GuardResult; children: ReactNode }) {
  if (result.kind === 'ok') return children;
  if (result.kind === 'forbidden') return <ErrorPage code="403" message={result.msg} />;
  if (result.kind === 'notFound') return <ErrorPage code="404" />;
  return <Redirect to={result.to} remember={result.remember} external={result.external} />;
}

/** Wraps a route's element in a guard of spec section 5; it re-decides when the user changes. */
export function Guarded({ rule, children }: { rule: Guard; children: ReactNode }) {
  return <GuardOutcome result={rule(useGuardContext())}>{children}</GuardOutcome>;
}
