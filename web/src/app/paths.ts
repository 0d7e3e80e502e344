/** Named paths the code navigates to (spec section 2: referenced by name only). */
export const ROUTES = {
  home: '/',
  login: '/users/login',
  signUp: '/users/register',
  logout: '/users/logout',
  accountRecovery: '/users/account-recovery',
  changeEmail: '/users/change-email',
  passwordReset: '/users/password-reset',
  accountActivation: '/users/account-activation',
  activationSuccess: '/users/account-activation/success',
  activationFailed: '/users/account-activation/failed',
  confirmNewEmail: '/users/confirm-new-email',
  confirmEmail: '/users/confirm-email',
  authLanding: '/users/auth-landing',
  unsubscribe: '/users/unsubscribe',
  // The login page doubles as the "account not activated" notice.
  inactive: '/users/login?status=inactive',
  suspended: '/users/account-suspended',
  userCenter: '/user-center/',
  install: '/install',
  maintenance: '/maintenance',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/50x',
} as const;

const LOGIN_FLOW_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signUp,
  ROUTES.logout,
  ROUTES.accountRecovery,
  ROUTES.changeEmail,
  ROUTES.passwordReset,
  ROUTES.accountActivation,
  ROUTES.activationSuccess,
  ROUTES.activationFailed,
  ROUTES.confirmNewEmail,
  ROUTES.confirmEmail,
  ROUTES.authLanding,
  ROUTES.unsubscribe,
];

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Pages a visitor must reach without being logged in, even on a private site; errors from the API
 * stay silent there because the page itself explains what happened.
 */
export function isLoginFlowPath(pathname: string): boolean {
  const path = trimSlash(pathname.split(/[?#]/)[0] ?? '');
  return LOGIN_FLOW_PATHS.includes(path) || path.startsWith(ROUTES.userCenter);
}

/** Pages that must never be the place a user returns to after logging in. */
export function isRememberablePath(pathname: string): boolean {
  const path = trimSlash(pathname.split(/[?#]/)[0] ?? '');
  return path !== ROUTES.login && path !== ROUTES.signUp && path !== ROUTES.logout;
}
