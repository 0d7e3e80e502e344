import type { ReviewSettings } from '@answer/contract';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings, saveSiteGroup } from '../siteinfo/service.js';

/** The review rules' settings (site_info group `review`; defaults fill what is not stored). */
export async function loadReviewSettings(runtime: Runtime): Promise<ReviewSettings> {
  return (await loadSiteSettings(runtime)).review;
}

export async function saveReviewSettings(runtime: Runtime, settings: ReviewSettings): Promise<void> {
  await saveSiteGroup(runtime, 'review', settings);
}
