import { API_PREFIX, type LanguageOption, type PermissionResult, type SiteInfo } from '@answer/contract';
import { isApiError } from './api-error';
import { type RequestOptions, get } from './client';
import type { LegalInfo, LegalType, PluginStatus, PluginWebPart, UcAgent, UserInfo } from './types';

/** The site settings, or null before installation. */
export const getSiteInfo = (options?: RequestOptions) => get<SiteInfo | null>(`${API_PREFIX}/siteinfo`, options);

/** The logged-in user, or null for a visitor. */
export const getUserInfo = (options?: RequestOptions) => get<UserInfo | null>(`${API_PREFIX}/user/info`, options);

export const logout = () => get<unknown>(`${API_PREFIX}/user/logout`, { passingError: true });

/** The "ui" translation bundle for the language in the Accept-Language header. */
export const getLanguageConfig = () => get<Record<string, unknown>>(`${API_PREFIX}/language/config`);

export const getLanguageOptions = () => get<LanguageOption[]>(`${API_PREFIX}/language/options`);

export const getPluginStatus = (options?: RequestOptions) => get<PluginStatus[]>(`${API_PREFIX}/plugin/status`, options);

/** The enabled plugins' browser parts, as a page's initial data has them (after an admin changed them, say). */
export const getPluginWeb = () => get<PluginWebPart[]>(`${API_PREFIX}/plugin/web`, { passingError: true, ignore50x: true });

export const getUcAgent = (options?: RequestOptions) => get<UcAgent>(`${API_PREFIX}/user-center/agent`, options);

export const getLegal = (infoType: LegalType, signal?: AbortSignal) =>
  get<LegalInfo>(`${API_PREFIX}/siteinfo/legal`, { params: { info_type: infoType }, signal });

/**
 * "May I edit this post?" as the envelope code and message, so the route guard can show the
 * server's reason (spec section 5, editable check).
 */
export async function getEditCheck(id: string): Promise<{ code: number; msg?: string }> {
  try {
    await get<unknown>(`${API_PREFIX}/revisions/edit/check`, { params: { id }, passingError: true });
    return { code: 200 };
  } catch (e) {
    return isApiError(e) ? { code: e.status, msg: e.msg } : { code: 0 };
  }
}

/** `GET /permission`: whether the signed-in user may take each action, and the reputation it needs if not. */
export const getPermissions = (actions: readonly string[], signal?: AbortSignal) =>
  get<PermissionResult>(`${API_PREFIX}/permission`, { params: { action: actions.join(',') }, signal, passingError: true });
