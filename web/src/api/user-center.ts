import { API_PREFIX, type UserCenterLogout, type UserCenterPersonalBranding, type UserCenterUserSettings } from '@answer/contract';
import { get } from './client';

export type { UserCenterPersonalBranding, UserCenterUserSettings };

const UC = `${API_PREFIX}/user-center`;

export const USER_CENTER_SETTINGS = ['user-center-settings'];

/**
 * Where the member changes their profile and account at the user centre, and which of their
 * profile fields it owns. The settings pages still work without it: no error page, no toast.
 */
export const getUserCenterSettings = (signal?: AbortSignal) => get<UserCenterUserSettings>(`${UC}/user/settings`, { signal, passingError: true, ignore50x: true });

/** Ends the site's session and names the user centre's logout to go on to ('' for none). */
export const logoutThroughUserCenter = () => get<UserCenterLogout>(`${UC}/logout`, { passingError: true });

/**
 * The links the user centre shows on a person's profile. Only asked for while a user centre is
 * active; a failure leaves the profile without them: no error page, no toast.
 */
export const getPersonalBranding = (username: string, signal?: AbortSignal) =>
  get<UserCenterPersonalBranding>(`${UC}/personal/branding`, { params: { username }, signal, passingError: true, ignore50x: true });
