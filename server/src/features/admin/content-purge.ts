import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { badRequest, notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { A, answerIdOrThrow, findAnswer, shiftUserAnswers } from '../answer/service.js';
import { logModeration } from '../moderation/log.js';
import { forgetStatus } from '../notification/status-cache.js';
import { NOTICE, READ_STATE } from '../notification/store.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { lockQuestion } from '../question/queries.js';
import { Q, questionIdOrThrow } from '../question/service.js';
import { removeDocs } from '../search/dialect-sql.js';
import { removeStored } from '../upload/service.js';

type Trx = Transaction<Database>;

/** A post image's address as the upload feature writes it (upload/service.ts storeImage). */
// A post image's name, on the local disk (/uploads/post/...) or where a storage plugin keeps it
// (its URL ends in the key the site gave it, post/<name>).
const POST_UPLOAD = /\/post\/([0-9a-f]{32}\.(?:jpg|png|gif|webp))/g;

/** What a purge leaves to do after its commit. */
interface Purged {
  /** Uploaded images no remaining post, comment or revision refers to. */
  files: string[];
  /** Users whose red dots changed (their cached status is dropped). */
  notified: string[];
}

/**
 * Permanently deletes a deleted question (docs/decisions.md, admin content): with it go all its
 * answers and the comments on both, their revisions, votes, flags, queue entries, reactions and
 * close reason (meta), bookmarks, follows and timeline events, tag relations, view records, search
 * index rows and the notifications about them; images only they used are removed from disk.
 * Kept: reputation ledger rows that still count (reputation is not taken back, as with deletion)
 * and badges earned. Counters are corrected in the same transaction, and the action is logged.
 */
export async function purgeQuestion(runtime: Runtime, admin: SessionUser, rawId: string, uploadsDir: string): Promise<boolean> {
  const id = questionIdOrThrow(rawId);
  const purged = await runtime.database.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question) throw notFound('error.question.not_found');
    if (Number(question.status) !== Q.deleted) throw badRequest('error.admin.purge_needs_deleted');
    const answers = await trx.selectFrom('answer').select(['id', 'user_id', 'status', 'original_text']).where('question_id', '=', id).execute();
    const comments = await trx.selectFrom('comment').select(['id', 'original_text']).where('question_id', '=', id).execute();
    const postIds = [id, ...answers.map((a) => String(a.id))];
    const texts = [question.original_text, ...answers.map((a) => a.original_text), ...comments.map((c) => c.original_text)];
    const result = await removeAround(trx, postIds, comments.map((c) => String(c.id)), texts);
    // Answers still available under the deleted question counted for their authors.
    for (const a of answers) if (Number(a.status) === A.available) await shiftUserAnswers(trx, String(a.user_id), -1);
    await trx.deleteFrom('answer').where('question_id', '=', id).execute();
    await trx.deleteFrom('question').where('id', '=', id).execute();
    await logModeration(trx, {
      staffId: admin.id,
      action: 'question.purge',
      objectType: 'question',
      objectId: id,
      targetUserId: String(question.user_id),
      detail: { title: question.title, answers: answers.length, comments: comments.length },
    });
    return { ...result, files: await unreferenced(trx, result.files) };
  });
  await afterPurge(runtime, purged, uploadsDir);
  await changedQuestionLists(runtime);
  return true;
}

/** Permanently deletes a deleted answer, with its comments and everything about them (as above). */
export async function purgeAnswer(runtime: Runtime, admin: SessionUser, rawId: string, uploadsDir: string): Promise<boolean> {
  const id = answerIdOrThrow(rawId);
  const found = await findAnswer(runtime.database, id);
  if (!found) throw notFound('error.answer.not_found');
  const questionId = String(found.question_id);
  const purged = await runtime.database.transaction().execute(async (trx) => {
    // Every change to a question's answers takes its lock first (answer/service.ts).
    await lockQuestion(trx, questionId);
    const answer = await findAnswer(trx, id);
    if (!answer) throw notFound('error.answer.not_found');
    if (Number(answer.status) !== A.deleted) throw badRequest('error.admin.purge_needs_deleted');
    const comments = await trx.selectFrom('comment').select(['id', 'original_text']).where('object_id', '=', id).execute();
    const texts = [answer.original_text, ...comments.map((c) => c.original_text)];
    const result = await removeAround(trx, [id], comments.map((c) => String(c.id)), texts);
    // A deleted answer is not counted anywhere; an acceptance of it is withdrawn.
    await trx.updateTable('question').set({ accepted_answer_id: '0' }).where('id', '=', questionId).where('accepted_answer_id', '=', id).execute();
    await trx.deleteFrom('answer').where('id', '=', id).execute();
    await logModeration(trx, {
      staffId: admin.id,
      action: 'answer.purge',
      objectType: 'answer',
      objectId: id,
      targetUserId: String(answer.user_id),
      detail: { question_id: questionId, comments: comments.length },
    });
    return { ...result, files: await unreferenced(trx, result.files) };
  });
  await afterPurge(runtime, purged, uploadsDir);
  await changedQuestionLists(runtime);
  return true;
}

/**
 * Removes the rows that hang on these posts and comments (the posts' own rows are the caller's).
 * Returns the image names their texts and revisions mention, and the users whose notifications went.
 */
async function removeAround(trx: Trx, postIds: string[], commentIds: string[], texts: string[]): Promise<Purged> {
  const all = [...postIds, ...commentIds];
  const revisions = await trx.selectFrom('revision').select('content').where('object_id', 'in', postIds).execute();
  const files = new Set<string>();
  for (const text of [...texts, ...revisions.map((r) => r.content)]) for (const m of text.matchAll(POST_UPLOAD)) files.add(m[1]!);

  const notified = await removeNotifications(trx, all);
  await trx.deleteFrom('revision').where('object_id', 'in', postIds).execute();
  await trx.deleteFrom('vote').where('object_id', 'in', all).execute();
  // Timeline events, follows and reputation rows that no longer count; live reputation stays.
  await trx
    .deleteFrom('activity')
    .where((eb) => eb.or([eb('object_id', 'in', all), eb('original_object_id', 'in', postIds)]))
    .where((eb) => eb.or([eb('rank', '=', 0), eb('cancelled', '=', 1)]))
    .execute();
  await trx.deleteFrom('tag_rel').where('object_id', 'in', postIds).execute();
  await trx.deleteFrom('collection').where('object_id', 'in', postIds).execute();
  await trx.deleteFrom('meta').where('object_id', 'in', all).execute();
  await trx.deleteFrom('report').where('object_id', 'in', all).execute();
  await trx.deleteFrom('review').where('object_id', 'in', postIds).execute();
  await trx.deleteFrom('question_view').where('question_id', 'in', postIds).execute();
  if (commentIds.length) await trx.deleteFrom('comment').where('id', 'in', commentIds).execute();
  await removeDocs(trx, postIds);
  return { files: [...files], notified };
}

/**
 * Deletes the notifications about these objects, and takes the unread ones off their receivers'
 * red dots (never below zero) so the counts still match what the inbox holds.
 */
async function removeNotifications(trx: Trx, objectIds: string[]): Promise<string[]> {
  const unread = await trx
    .selectFrom('notification')
    .select(['user_id', 'type', (eb) => eb.fn.countAll().as('n')])
    .where('object_id', 'in', objectIds)
    .where('is_read', '=', READ_STATE.unread)
    .groupBy(['user_id', 'type'])
    .execute();
  for (const row of unread) {
    const column = Number(row.type) === NOTICE.inbox ? 'inbox' : 'achievement';
    const n = Number(row.n);
    await trx
      .updateTable('notification_state')
      .set({ [column]: sql<number>`CASE WHEN ${sql.ref(column)} > ${n} THEN ${sql.ref(column)} - ${n} ELSE 0 END` })
      .where('user_id', '=', String(row.user_id))
      .execute();
  }
  await trx.deleteFrom('notification').where('object_id', 'in', objectIds).execute();
  return [...new Set(unread.map((r) => String(r.user_id)))];
}

/** The images that nothing left in the database mentions (read inside the purge's transaction). */
async function unreferenced(trx: Kysely<Database>, files: string[]): Promise<string[]> {
  const free: string[] = [];
  for (const name of files) {
    const like = `%/post/${name}%`;
    // One statement at a time: a transaction is one connection. Each stops at the first match.
    const used =
      (await trx.selectFrom('question').select('id').where('original_text', 'like', like).limit(1).executeTakeFirst()) ??
      (await trx.selectFrom('answer').select('id').where('original_text', 'like', like).limit(1).executeTakeFirst()) ??
      (await trx.selectFrom('comment').select('id').where('original_text', 'like', like).limit(1).executeTakeFirst()) ??
      (await trx.selectFrom('revision').select('id').where('content', 'like', like).limit(1).executeTakeFirst());
    if (!used) free.push(name);
  }
  return free;
}

/** After the commit: the files go (a missing one is fine) and cached red dots are dropped. */
async function afterPurge(runtime: Runtime, purged: Purged, uploadsDir: string): Promise<void> {
  for (const userId of purged.notified) forgetStatus(userId);
  for (const name of purged.files) await fs.rm(path.join(uploadsDir, 'post', name), { force: true });
  await removeStored(runtime, purged.files.map((name) => `post/${name}`));
}
