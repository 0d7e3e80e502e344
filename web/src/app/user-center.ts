import { peekRedirect } from './redirect';

// The server's own hops to the user centre (GET /user-center/login/redirect and /sign-up/redirect),
// as the login agent names them: an address without a query.
const SERVER_HOP = /\/answer\/api\/v1\/user-center\/(login|sign-up)\/redirect$/;

/**
 * The user centre's login or sign-up address with the page to come back to after signing in (the
 * one kept when the person was sent to log in): the server passes it on to a sign-in of its own.
 * Any other address is left as it is. (In the entry, for the login page's guard: kept small.)
 */
export function withReturnPath(url: string, back: string | null = peekRedirect()): string {
  return back && SERVER_HOP.test(url) ? `${url}?redirect=${encodeURIComponent(back)}` : url;
}

/** Leaves the app for another address (the user centre's login or logout), replacing this history entry. */
export function leaveFor(url: string): void {
  window.location.replace(url);
}
