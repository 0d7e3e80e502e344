import type { NotificationMessage } from '@answer/plugin-sdk';
import { presentId } from '../../core/ids.js';
import type { Runtime } from '../../runtime.js';
import { questionPath } from '../question/permalink.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import type { InboxCreated } from './store.js';

/**
 * An inbox notification as notification plugins receive it (upstream's NotificationMessage,
 * plugin/notification.go): the type is the full `notification.action.*` key; the receiver's
 * language falls back to the site's; links are absolute, as in e-mails (a comment's is the post's
 * address with `?commentId=`). A notice that does not name who did it (a downvote) does not name
 * them here either. Null when its question is gone (purged since).
 */
export async function notificationMessage(runtime: Runtime, notice: InboxCreated): Promise<NotificationMessage | null> {
  const db = runtime.database;
  const question = await db.selectFrom('question').select(['id', 'title']).where('id', '=', notice.questionId).executeTakeFirst();
  if (!question) return null;
  const [settings, users, tags] = await Promise.all([
    loadSiteSettings(runtime),
    loadUserBasics(runtime, [notice.receiverId, notice.triggerUserId]),
    tagsOfQuestions(db, [notice.questionId]),
  ]);
  const base = parseSiteUrl(settings.general.site_url) ?? '';
  const permalink = settings.seo.permalink;
  const path = (answerId?: string) => base + questionPath(permalink, notice.questionId, question.title, answerId);
  const receiverLang = users.get(notice.receiverId)?.language ?? '';
  const trigger = notice.triggerUserId ? users.get(notice.triggerUserId) : undefined;
  return {
    type: `notification.action.${notice.action}`,
    receiverUserId: notice.receiverId,
    receiverLang: receiverLang && receiverLang !== 'Default' ? receiverLang : settings.interface.language,
    triggerUserId: trigger?.id ?? '',
    triggerUserDisplayName: trigger?.display_name ?? '',
    triggerUserUrl: trigger && trigger.status !== 'deleted' ? `${base}/users/${encodeURIComponent(trigger.username)}` : '',
    questionTitle: question.title,
    questionUrl: path(),
    tags: tags.map((t) => t.slug_name),
    answerUrl: notice.answerId ? path(notice.answerId) : '',
    commentUrl: notice.commentId ? `${path(notice.answerId || undefined)}?commentId=${presentId(notice.commentId, permalink)}` : '',
  };
}
