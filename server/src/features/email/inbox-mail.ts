import type { Kysely } from 'kysely';
import { deletedUserName, presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import type { Database } from '../../db/schema.js';
import { questionPath } from '../question/permalink.js';
import { deliver, loadMailSite, loadRecipients, type NotifyItem } from './notify-mail.js';

/** One inbox notification that may also go out by e-mail (domain.md 8.5). */
export interface InboxMailItem {
  receiverId: string;
  triggerUserId: string;
  /** The `notification.action.*` key without prefix, e.g. `answer_the_question`, `reply_to_you`. */
  action: string;
  questionId: string;
  answerId?: string;
  commentId?: string;
}

/** The inbox actions that also send a mail; mentions do not (domain.md 8.5). */
const KIND_OF_ACTION: Record<string, NotifyItem['kind']> = {
  answer_the_question: 'new_answer',
  comment_question: 'new_comment',
  comment_answer: 'new_comment',
  reply_to_you: 'new_comment',
  invited_you_to_answer: 'invited_you_to_answer',
};

const DELETED_USER = 10;
const SUMMARY_CHARS = 240;

/**
 * Called by the notification feature in the transaction that creates an inbox notification: queues
 * the matching e-mail (or a digest entry) when the receiver has inbox e-mails on. Nobody is mailed
 * about their own action.
 */
export async function mailForInbox(trx: Kysely<Database>, item: InboxMailItem): Promise<void> {
  const kind = KIND_OF_ACTION[item.action];
  if (!kind || String(item.receiverId) === String(item.triggerUserId)) return;
  const enabled = await trx
    .selectFrom('user_notification_config')
    .select('id')
    .where('user_id', '=', item.receiverId)
    .where('source', '=', 'inbox')
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!enabled) return;
  const site = await loadMailSite(trx);
  const [recipient] = await loadRecipients(trx, site, [String(item.receiverId)]);
  if (!recipient) return;
  const question = await trx.selectFrom('question').select(['title']).where('id', '=', item.questionId).executeTakeFirst();
  if (!question) return;
  const actor = await trx.selectFrom('user').select(['display_name', 'status']).where('id', '=', item.triggerUserId).executeTakeFirst();
  const displayName = !actor || Number(actor.status) === DELETED_USER ? deletedUserName(item.triggerUserId) : actor.display_name;
  const questionUrl = site.url + questionPath(site.permalink, item.questionId, question.title);
  const base = { SiteName: site.name, DisplayName: displayName, QuestionTitle: question.title };

  let mail: NotifyItem;
  if (kind === 'new_answer') {
    if (!item.answerId) return;
    const answer = await trx.selectFrom('answer').select('parsed_text').where('id', '=', item.answerId).executeTakeFirst();
    if (!answer) return;
    const url = site.url + questionPath(site.permalink, item.questionId, question.title, item.answerId);
    const summary = excerpt(answer.parsed_text, SUMMARY_CHARS);
    mail = { kind, sources: ['inbox'], vars: { ...base, AnswerUrl: url, AnswerSummary: summary }, entry: { title: question.title, url, actor: displayName, summary } };
  } else if (kind === 'new_comment') {
    if (!item.commentId) return;
    const comment = await trx.selectFrom('comment').select(['parsed_text', 'object_id']).where('id', '=', item.commentId).executeTakeFirst();
    if (!comment) return;
    // A comment on an answer links to the answer's place on the page, one on the question to the question.
    const onAnswer = String(comment.object_id) !== String(item.questionId);
    const url = `${site.url}${questionPath(site.permalink, item.questionId, question.title, onAnswer ? String(comment.object_id) : undefined)}?commentId=${presentId(item.commentId, site.permalink)}`;
    const summary = excerpt(comment.parsed_text, SUMMARY_CHARS);
    mail = { kind, sources: ['inbox'], vars: { ...base, CommentUrl: url, CommentSummary: summary }, entry: { title: question.title, url, actor: displayName, summary } };
  } else {
    mail = { kind, sources: ['inbox'], vars: { ...base, InviteUrl: questionUrl }, entry: { title: question.title, url: questionUrl, actor: displayName } };
  }
  await deliver(trx, site, [recipient], () => mail);
}
