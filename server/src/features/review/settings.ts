import type { ReviewSettings } from '@answer/contract';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { forgetSiteSettings, loadSiteSettings } from '../siteinfo/service.js';

const GROUP = 'review';

/** The review rules' settings (site_info group `review`; defaults fill what is not stored). */
export async function loadReviewSettings(runtime: Runtime): Promise<ReviewSettings> {
  return (await loadSiteSettings(runtime)).review;
}

/** Saves the whole group (an upsert on the unique `type`) and drops the cached settings. */
export async function saveReviewSettings(runtime: Runtime, settings: ReviewSettings): Promise<void> {
  const db = runtime.database;
  const t = Math.floor(Date.now() / 1000);
  const content = JSON.stringify(settings);
  const insert = db.insertInto('site_info').values({ type: GROUP, content, status: 1, created_at: t, updated_at: t });
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate({ content, status: 1, updated_at: t })
    : insert.onConflict((oc) => oc.column('type').doUpdateSet({ content, status: 1, updated_at: t }))
  ).execute();
  await forgetSiteSettings(runtime);
}
