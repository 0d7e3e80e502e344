import type { UserBasicInfo } from '@answer/contract';
import { deletedUserName } from '../../core/ids.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { avatarUrl, statusName } from './presenter.js';

/** The user card embedded in posts, lists and comments (domain.md 6.1), as the contract types it. */
export type { UserBasicInfo };

/** One query for any number of users, so a page of posts never loads its authors one by one. */
export async function loadUserBasics(runtime: Runtime, ids: Iterable<string | number>): Promise<Map<string, UserBasicInfo>> {
  const unique = [...new Set([...ids].map(String).filter((id) => id && id !== '0'))];
  const result = new Map<string, UserBasicInfo>();
  if (!unique.length) return result;
  const settings = await loadSiteSettings(runtime);
  const rows = await runtime.database.selectFrom('user').selectAll().where('id', 'in', unique).execute();
  for (const row of rows) {
    const deleted = Number(row.status) === 10;
    result.set(String(row.id), {
      id: String(row.id),
      username: deleted ? deletedUserName(row.id) : row.username,
      rank: Number(row.rank),
      display_name: deleted ? deletedUserName(row.id) : row.display_name || row.username,
      avatar: avatarUrl(row, settings),
      website: deleted ? '' : row.website,
      location: deleted ? '' : row.location,
      language: row.language,
      status: statusName(row),
    });
  }
  return result;
}
