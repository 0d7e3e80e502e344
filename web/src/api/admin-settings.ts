import { ADMIN_API_PREFIX, type DashboardInfo, type SiteSettingGroup, type SITE_SETTING_GROUPS } from '@answer/contract';
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
