import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { revisionAuditSchema } from '@answer/contract';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { A, applyAnswerEdit, findAnswer } from '../answer/service.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { applyQuestionEdit, Q } from '../question/service.js';
import { record } from '../reputation/ledger.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';
import { applyTagEdit } from '../tag/edit.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { resolvePostTags } from '../tag/service.js';
import { REVISION } from './service.js';
import { REVIEWABLE } from './suggestions.js';
import { publish } from '../events/publish.js';

/** Reputation for the author of an approved suggestion (domain.md 3.1; never capped, 3.2). */
const EDIT_ACCEPTED_REPUTATION = 2;
const TAG_DELETED = 10;

type Trx = Transaction<Database>;

/**
 * `PUT /revisions/audit` (domain.md 5.9). Reject marks the suggestion and changes nothing else.
 * Approve applies the snapshot, credits the suggester and records the edit in one transaction.
 * Both start by switching the revision away from "unreviewed" with a conditional UPDATE, so when
 * several reviewers act at once exactly one of them wins and the rest get "already reviewed".
 */
export async function auditRevision(runtime: Runtime, user: SessionUser, input: z.infer<typeof revisionAuditSchema>): Promise<void> {
  const db = runtime.database;
  const revision = await db.selectFrom('revision').selectAll().where('id', '=', input.id).executeTakeFirst();
  const kind = revision ? REVIEWABLE[Number(revision.object_type)] : undefined;
  if (!revision || !kind) throw notFound('error.revision.not_found');
  const thresholds = await loadThresholds(runtime);
  // A 403 naming the reputation needed, like every other privilege check (upstream: 400 error.revision.no_permission).
  ensure(user, `${kind}.audit`, thresholds);
  if (Number(revision.status) !== REVISION.unreviewed) throw badRequest('error.revision.already_reviewed');
  // Approving one's own suggestion would be reputation for nothing (possible for tags, where audit < edit_without_review).
  if (String(revision.user_id) === user.id) throw new AppError(403, 'error.revision.no_permission');

  const t = Math.floor(Date.now() / 1000);
  const claim = (trx: Db, status: number) =>
    trx
      .updateTable('revision')
      .set({ status, review_user_id: user.id, updated_at: t })
      .where('id', '=', input.id)
      .where('status', '=', REVISION.unreviewed)
      .executeTakeFirst()
      .then((r) => {
        if (Number(r.numUpdatedRows) !== 1) throw badRequest('error.revision.already_reviewed');
      });

  if (input.operation === 'reject') {
    await claim(db, REVISION.rejected);
    return;
  }
  const settings = await loadSiteSettings(runtime);
  const edit: Edit = {
    objectId: String(revision.object_id),
    revisionId: String(revision.id),
    suggester: String(revision.user_id),
    snapshot: JSON.parse(revision.content) as Snapshot,
  };
  await db.transaction().execute(async (trx) => {
    await claim(trx, REVISION.approved);
    const timelineId =
      kind === 'question'
        ? await approveQuestion(trx, edit, { user, thresholds, settings })
        : kind === 'answer'
          ? await approveAnswer(trx, edit)
          : await approveTag(trx, edit);
    await record(trx, {
      userId: edit.suggester,
      triggerUserId: user.id,
      objectId: edit.objectId,
      originalObjectId: timelineId,
      activityType: ACT.editAccepted,
      rank: EDIT_ACCEPTED_REPUTATION,
    });
    const questionId =
      kind === 'question'
        ? edit.objectId
        : kind === 'answer'
          ? String((await trx.selectFrom('answer').select('question_id').where('id', '=', edit.objectId).executeTakeFirstOrThrow()).question_id)
          : '0';
    await publish(trx, { kind: 'edit.approved', actorId: user.id, suggesterId: edit.suggester, objectId: edit.objectId, questionId });
  });
  if (kind !== 'tag') await changedQuestionLists(runtime);
}

/** What the snapshots written by the edit services hold (question, answer or tag fields). */
interface Snapshot {
  title?: string;
  content?: string;
  tags?: string[];
  display_name?: string;
  original_text?: string;
}

interface Edit {
  objectId: string;
  revisionId: string;
  suggester: string;
  snapshot: Snapshot;
}

/** Each approve* applies the snapshot as the suggester's edit and returns the id whose timeline shows it. */
async function approveQuestion(trx: Trx, edit: Edit, by: { user: SessionUser; thresholds: Thresholds; settings: SiteSettings }) {
  const question = await trx.selectFrom('question').selectAll().where('id', '=', edit.objectId).executeTakeFirst();
  if (!question || Number(question.status) === Q.deleted) throw badRequest('error.object.already_deleted');
  const previous = (await tagsOfQuestions(trx, [edit.objectId])).map((tg) => tg.slug_name);
  const wanted = (edit.snapshot.tags ?? previous).map((slug_name) => ({ slug_name }));
  // Tag rules (required, reserved, creation) are checked again for the reviewer, who makes the change happen.
  const tagIds = await resolvePostTags(trx, by.user, by.thresholds, by.settings, wanted, previous);
  await applyQuestionEdit(trx, question, {
    title: edit.snapshot.title ?? question.title,
    content: edit.snapshot.content ?? question.original_text,
    tagIds,
    editorId: edit.suggester,
    revisionId: edit.revisionId,
  });
  return edit.objectId;
}

async function approveAnswer(trx: Trx, edit: Edit) {
  const answer = await findAnswer(trx, edit.objectId);
  if (!answer || Number(answer.status) === A.deleted) throw badRequest('error.object.already_deleted');
  await applyAnswerEdit(trx, answer, { content: edit.snapshot.content ?? answer.original_text, editorId: edit.suggester, revisionId: edit.revisionId });
  return String(answer.question_id);
}

async function approveTag(trx: Trx, edit: Edit) {
  const tag = await trx.selectFrom('tag').selectAll().where('id', '=', edit.objectId).executeTakeFirst();
  if (!tag || Number(tag.status) === TAG_DELETED) throw badRequest('error.object.already_deleted');
  // Upstream applies only the description (quirk, domain.md 5.9); we apply the display name that was
  // suggested too. The slug stays: renaming needs a power that skips review, so suggestions never hold one.
  await applyTagEdit(
    trx,
    edit.objectId,
    { slug_name: tag.slug_name, display_name: edit.snapshot.display_name ?? tag.display_name, original_text: edit.snapshot.original_text ?? tag.original_text },
    { editorId: edit.suggester, revisionId: edit.revisionId },
  );
  return edit.objectId;
}
