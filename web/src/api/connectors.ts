import { API_PREFIX, type ConnectorBindingEmailReply, type ConnectorInfo } from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import { isSitePath } from '../app/redirect';
import { get, post, request } from './client';
import type { UserInfo } from './types';

export type { ConnectorInfo };

/** GET connector/user/info: an enabled connector and whether the member's account is bound to it. */
export interface MyLogin {
  name: string;
  /** An SVG image, base64 (from a plugin: shown only as an image, see ConnectorIcon). */
  icon: string;
  link: string;
  binding: boolean;
  /** The bound identity ('' when not bound): what unbinding names. */
  external_id: string;
}

const C = `${API_PREFIX}/connector`;
// The account pages explain a failure themselves (field errors beside the fields): no toasts or dialogs.
const quiet = { passingError: true } as const;

/**
 * The login page's sign-in services. A server error only leaves the buttons out: the e-mail form
 * still works, so no error page replaces it.
 */
export const getConnectors = (signal?: AbortSignal) => get<ConnectorInfo[]>(`${C}/info`, { signal, ignore50x: true, ...quiet });

export const CONNECTORS = ['connectors'];
export const useConnectors = () => useQuery({ queryKey: CONNECTORS, queryFn: ({ signal }) => getConnectors(signal) });

/**
 * A directory connector's sign-in (LDAP): the site's own form POSTed to the connector's link,
 * answered like the e-mail login. The password only ever goes to a path of this site.
 */
export function loginByConnector(link: string, body: { username: string; password: string; captcha_id: string; captcha_code: string }) {
  if (!isSitePath(link)) return Promise.reject(new Error(`not a path of this site: ${link}`));
  return post<UserInfo>(link, body, quiet);
}

/**
 * Where a redirect connector's button leads: its start on the server, told the path to come back
 * to (the server accepts only its own paths there too).
 */
export function connectorHref(link: string, returnTo: string): string {
  return `${link}${link.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(returnTo)}`;
}

export const MY_LOGINS = ['connector-user-info'];
export const getMyLogins = (signal?: AbortSignal) => get<MyLogin[]>(`${C}/user/info`, { signal, ...quiet });

/** Refused (400) when it is the account's last way to sign in; the caller shows the server's message. */
export const unbindLogin = (externalId: string) => request<null>('DELETE', `${C}/user/unbinding`, { body: { external_id: externalId }, ...quiet });

/**
 * /users/confirm-email: the address of a person whose provider vouched for none. A new address
 * gets an account (its token comes back); an address with an account is bound only through the
 * link mailed to it, sent when `must` is true.
 */
export const bindEmail = (body: { binding_key: string; email: string; must: boolean }) =>
  post<ConnectorBindingEmailReply>(`${C}/binding/email`, body, quiet);
