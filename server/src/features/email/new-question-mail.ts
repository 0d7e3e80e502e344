import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { excerpt } from '../../core/markdown.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { ACT } from '../activity/types.js';
import type { SiteEvent } from '../events/types.js';
import { questionPath } from '../question/permalink.js';
import { deliver, loadMailSite, loadRecipients } from './notify-mail.js';

/** "Every new question" mails a user may get per window, and the window (domain.md 8.6). */
export const NEW_QUESTION_CAP = 50;
export const NEW_QUESTION_WINDOW = 7 * 86400;

const AVAILABLE = 1;
const CHUNK = 500;
const TAGS_SOURCE = 'all_new_question_for_following_tags';
const ALL_SOURCE = 'all_new_question';
const now = () => Math.floor(Date.now() / 1000);

/** The `event.mail` consumer: it only acts on new questions; every other event is ignored. */
export async function handleMailEvent(event: SiteEvent, trx: Kysely<Database>): Promise<void> {
  if (event.kind === 'question.create') await mailNewQuestion(trx, event.questionId);
}

/**
 * New-question mails (domain.md 8.6): followers of the question's tags who asked for them, and
 * users who want every new question (capped per user); the author is left out and each user gets
 * one mail, whose unsubscribe link switches off the source(s) that selected them.
 */
export async function mailNewQuestion(trx: Kysely<Database>, questionId: string, at = now()): Promise<void> {
  const question = await trx
    .selectFrom('question')
    .innerJoin('user', 'user.id', 'question.user_id')
    .select(['question.title', 'question.user_id', 'question.status', 'question.parsed_text', 'user.display_name'])
    .where('question.id', '=', questionId)
    .executeTakeFirst();
  if (!question || Number(question.status) !== AVAILABLE) return;
  const authorId = String(question.user_id);
  const tags = await trx
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select(['tag.id', 'tag.display_name'])
    .where('tag_rel.object_id', '=', questionId)
    .where('tag_rel.status', '=', AVAILABLE)
    .execute();

  const tagFollowers = new Set<string>();
  if (tags.length) {
    const rows = await trx
      .selectFrom('activity')
      .innerJoin('user_notification_config as c', (j) =>
        j.onRef('c.user_id', '=', 'activity.user_id').on('c.source', '=', TAGS_SOURCE).on('c.enabled', '=', 1),
      )
      .select('activity.user_id')
      .distinct()
      .where('activity.object_id', 'in', tags.map((t) => String(t.id)))
      .where('activity.activity_type', '=', ACT.tagFollow)
      .where('activity.cancelled', '=', 0)
      .execute();
    for (const r of rows) if (String(r.user_id) !== authorId) tagFollowers.add(String(r.user_id));
  }
  const wantAll = (
    await trx.selectFrom('user_notification_config').select('user_id').where('source', '=', ALL_SOURCE).where('enabled', '=', 1).execute()
  )
    .map((r) => String(r.user_id))
    .filter((id) => id !== authorId);
  const wantAllSet = new Set(wantAll);
  // Tag followers get the mail for their tags; only the others spend their "every question" quota.
  const allowed = await takeNewQuestionQuota(trx, wantAll.filter((id) => !tagFollowers.has(id)), at);

  const site = await loadMailSite(trx);
  const recipients = await loadRecipients(trx, site, [...tagFollowers, ...allowed]);
  if (!recipients.length) return;
  const url = site.url + questionPath(site.permalink, questionId, question.title);
  const tagNames = tags.map((t) => t.display_name).join(', ');
  const summary = excerpt(question.parsed_text, 240);
  const vars = { QuestionTitle: question.title, QuestionUrl: url, Tags: tagNames, DisplayName: question.display_name, QuestionSummary: summary };
  const entry = { title: question.title, url, actor: question.display_name, summary };
  await deliver(trx, site, recipients, (r) => ({
    kind: 'new_question',
    sources: tagFollowers.has(r.id) ? (wantAllSet.has(r.id) ? [TAGS_SOURCE, ALL_SOURCE] : [TAGS_SOURCE]) : [ALL_SOURCE],
    vars,
    entry,
  }));
}

/**
 * Counts one new-question mail for each user and returns those still under the cap. Each user's
 * window starts with their first counted mail and lasts 7 days. Counting and checking are one
 * upsert per batch (the row lock orders concurrent batches, so the cap is exact); `claim` marks the
 * rows this batch counted, which the follow-up select reads back inside the same transaction.
 */
export async function takeNewQuestionQuota(trx: Kysely<Database>, userIds: string[], at = now()): Promise<string[]> {
  const ids = [...new Set(userIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const allowed: string[] = [];
  const cut = at - NEW_QUESTION_WINDOW;
  const mysql = dialectOf(trx) === 'mysql';
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const claim = randomInt(1, 2 ** 47);
    const col = (name: string) => (mysql ? sql.ref(name) : sql.ref(`mail_quota.${name}`));
    const expired = sql`${col('window_start')} <= ${cut}`;
    const insert = trx.insertInto('mail_quota').values(chunk.map((id) => ({ user_id: id, window_start: at, count: 1, claim })));
    // MySQL assigns left to right with the new values, so `claim` and `count` are set before `window_start`.
    const update = {
      claim: sql<number>`CASE WHEN ${expired} OR ${col('count')} < ${NEW_QUESTION_CAP} THEN ${claim} ELSE ${col('claim')} END`,
      count: sql<number>`CASE WHEN ${expired} THEN 1 WHEN ${col('count')} < ${NEW_QUESTION_CAP} THEN ${col('count')} + 1 ELSE ${col('count')} END`,
      window_start: sql<number>`CASE WHEN ${expired} THEN ${at} ELSE ${col('window_start')} END`,
    };
    await (mysql ? insert.onDuplicateKeyUpdate(update) : insert.onConflict((oc) => oc.column('user_id').doUpdateSet(update))).execute();
    const rows = await trx.selectFrom('mail_quota').select('user_id').where('user_id', 'in', chunk).where('claim', '=', claim).execute();
    allowed.push(...rows.map((r) => String(r.user_id)));
  }
  return allowed;
}
