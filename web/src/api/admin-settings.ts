import { ADMIN_API_PREFIX, type DashboardInfo, type LanguageOption, type SiteSettingGroup, type SITE_SETTING_GROUPS, type smtpSettingsSchema } from '@answer/contract';
import type { z } from 'zod';
import { getSiteInfo } from './common';
import { get, request } from './client';
import { siteStore } from '../state/site';

/** The body of a settings group as the server returns and takes it (contract schemas). */
export type SiteGroupValues<G extends SiteSettingGroup> = z.output<(typeof SITE_SETTING_GROUPS)[G]['schema']>;

/** `GET /answer/admin/api/siteinfo/<group>` (domain.md 13.1). */
export const getSiteGroup = <G extends SiteSettingGroup>(group: G, signal?: AbortSignal) =>
  get<SiteGroupValues<G>>(`${ADMIN_API_PREFIX}/siteinfo/${group}`, { signal });

/**
 * Saves a group, then reloads the public settings so the header, theme and every page follow at
 * once, without a reload of the browser.
 */
export async function saveSiteGroup<G extends SiteSettingGroup>(group: G, values: z.input<(typeof SITE_SETTING_GROUPS)[G]['schema']>): Promise<void> {
  await request<null>('PUT', `${ADMIN_API_PREFIX}/siteinfo/${group}`, { body: values });
  await refreshSiteInfo();
}

/** Re-reads GET /siteinfo into the site store (after an admin change). */
export async function refreshSiteInfo(): Promise<void> {
  const site = await getSiteInfo({ passingError: true, ignore50x: true }).catch(() => null);
  if (site) siteStore.set(site);
}

export const getDashboard = (signal?: AbortSignal) => get<{ info: DashboardInfo }>(`${ADMIN_API_PREFIX}/dashboard`, { signal });

/** The installed interface languages an admin may make the site's default. */
export const getAdminLanguageOptions = (signal?: AbortSignal) => get<LanguageOption[]>(`${ADMIN_API_PREFIX}/language/options`, { signal });

/** The mail server settings (domain.md 13.4); the password comes back masked and is kept when sent back so. */
export type SmtpSettings = z.output<typeof smtpSettingsSchema>;
export const getSmtpSettings = (signal?: AbortSignal) => get<SmtpSettings>(`${ADMIN_API_PREFIX}/setting/smtp`, { signal });
/** Saves; with `test_email_recipient` set the server also sends a test mail now and answers its failure. */
export const saveSmtpSettings = (values: z.input<typeof smtpSettingsSchema>) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/setting/smtp`, { body: values });

/** The level an admin picks beyond the three presets: thresholds of their own. */
export const CUSTOM_PRIVILEGE_LEVEL = 99;
export interface PrivilegeValue {
  key: string;
  label: string;
  value: number;
}
export interface PrivilegeSettings {
  options: { level: number; level_desc: string; privileges: PrivilegeValue[] }[];
  selected_level: number;
}
export const getPrivileges = (signal?: AbortSignal) => get<PrivilegeSettings>(`${ADMIN_API_PREFIX}/setting/privileges`, { signal });
export const savePrivileges = (level: number, custom: { key: string; value: number }[]) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/setting/privileges`, { body: { level, custom_privileges: custom } });
