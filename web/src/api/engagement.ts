import { API_PREFIX } from '@answer/contract';
import { post } from './client';

/** Every user has one bookmark group; the server wants its id but ignores it (domain.md 5.15). */
const DEFAULT_GROUP = '0';

/** Adds (`bookmark` true) or removes a bookmark; the reply is how many users bookmarked the object. */
export const switchBookmark = (objectId: string, bookmark: boolean) =>
  post<{ object_collection_count: number }>(`${API_PREFIX}/collection/switch`, { object_id: objectId, group_id: DEFAULT_GROUP, bookmark });

/** Follows a question, tag or user (`isCancel` unfollows); the reply is the follower count and the new state. */
export const follow = (objectId: string, isCancel: boolean) =>
  post<{ follows: number; is_followed: boolean }>(`${API_PREFIX}/follow`, { object_id: objectId, is_cancel: isCancel });
