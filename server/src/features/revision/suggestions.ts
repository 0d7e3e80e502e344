import type { Selectable } from 'kysely';
import { can, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, presentId } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';
import type { RevisionTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { A, findAnswer } from '../answer/service.js';
import { findQuestion } from '../question/queries.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief, type TagBrief } from '../tag/presenter.js';
import { tagsBySlugs, tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { REVISION } from './service.js';

/** Object types that can carry suggested edits, with the privilege that reviews each (domain.md 5.9). */
export const REVIEWABLE = { [OBJECT_TYPE.question]: 'question', [OBJECT_TYPE.answer]: 'answer', [OBJECT_TYPE.tag]: 'tag' } as Record<number, 'question' | 'answer' | 'tag'>;

/** The object types whose suggestions `user` may approve or reject. */
export function auditableTypes(user: SessionUser, thresholds: Thresholds): number[] {
  return Object.entries(REVIEWABLE)
    .filter(([, kind]) => can(user, `${kind}.audit`, thresholds))
    .map(([type]) => Number(type));
}

/**
 * Pending suggestions a reviewer is offered: of the types they may audit, never their own, and only
 * on posts and tags everyone may see. A suggestion on a post deleted (or not yet published) since
 * waits until it is visible again: reviewing by reputation must not become a way to read deleted text.
 */
function pendingFor(db: Db, user: SessionUser, types: number[]) {
  return db
    .selectFrom('revision')
    .where('revision.status', '=', REVISION.unreviewed)
    .where('revision.object_type', 'in', types)
    .where('revision.user_id', '!=', user.id)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb.selectFrom('question').select('question.id').whereRef('question.id', '=', 'revision.object_id').where('question.status', 'not in', PUBLIC_QUESTION_STATUSES),
          ),
          eb.exists(
            eb
              .selectFrom('answer')
              .innerJoin('question', 'question.id', 'answer.question_id')
              .select('answer.id')
              .whereRef('answer.id', '=', 'revision.object_id')
              .where((w) => w.or([w('answer.status', '!=', A.available), w('question.status', 'not in', PUBLIC_QUESTION_STATUSES)])),
          ),
          eb.exists(eb.selectFrom('tag').select('tag.id').whereRef('tag.id', '=', 'revision.object_id').where('tag.status', '=', DELETED)),
        ]),
      ),
    );
}

export async function countPendingSuggestions(db: Db, user: SessionUser, types: number[]): Promise<number> {
  if (!types.length) return 0;
  const row = await pendingFor(db, user, types).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `GET /revisions/unreviewed`: one suggestion per page, oldest first; skipping is turning the page. */
export async function unreviewedPage(runtime: Runtime, user: SessionUser, page: number) {
  const types = auditableTypes(user, await loadThresholds(runtime));
  const count = await countPendingSuggestions(runtime.database, user, types);
  if (!count) return { count: 0, list: [] };
  const revision = await pendingFor(runtime.database, user, types)
    .selectAll()
    .orderBy('id', 'asc')
    .limit(1)
    .offset(page - 1)
    .executeTakeFirst();
  return { count, list: revision ? [await presentSuggestion(runtime, revision)] : [] };
}

interface Context {
  permalink: number;
  requiredTag: boolean;
}

/** The current object (`info`) beside the proposal (`unreviewed_info`), as the diff view reads them. */
async function presentSuggestion(runtime: Runtime, revision: Selectable<RevisionTable>) {
  const settings = await loadSiteSettings(runtime);
  const ctx: Context = { permalink: settings.seo.permalink, requiredTag: settings.write.required_tag };
  const type = REVIEWABLE[Number(revision.object_type)]!;
  const objectId = String(revision.object_id);
  const snapshot = JSON.parse(revision.content) as Record<string, unknown>;
  const side = type === 'question' ? questionSide : type === 'answer' ? answerSide : tagSide;
  const current = await side(runtime.database, objectId, snapshot, ctx);
  const users = await loadUserBasics(runtime, [String(revision.user_id)]);
  return {
    type,
    info: current.info,
    unreviewed_info: {
      id: String(revision.id),
      object_id: current.info.object_id,
      title: current.title,
      url_title: current.urlTitle,
      content: current.proposal,
      reason: revision.log,
      status: Number(revision.status),
      create_at: Number(revision.created_at),
      user_info: users.get(String(revision.user_id)) ?? null,
    },
  };
}

function objectInfo(fields: { objectId: string; questionId?: string; answerId?: string; title: string; urlTitle: string; content: string; html: string; tags?: TagBrief[]; status: number }, ctx: Context) {
  const id = (raw?: string) => (raw ? presentId(raw, ctx.permalink) : '');
  return {
    object_id: id(fields.objectId),
    question_id: id(fields.questionId),
    answer_id: id(fields.answerId),
    title: fields.title,
    url_title: fields.urlTitle,
    content: fields.content,
    html: fields.html,
    tags: fields.tags ?? [],
    status: fields.status,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const DELETED = 10;

async function questionSide(db: Db, id: string, snapshot: Record<string, unknown>, ctx: Context) {
  const q = await findQuestion(db, id);
  const slugs = Array.isArray(snapshot.tags) ? snapshot.tags.map(String) : [];
  const [current, proposed] = await Promise.all([tagsOfQuestions(db, [id]), tagsBySlugs(db, slugs)]);
  const bySlug = new Map(proposed.map((t) => [t.slug_name, presentTagBrief(t, ctx.requiredTag)]));
  const title = text(snapshot.title);
  return {
    info: objectInfo(
      {
        objectId: id,
        questionId: id,
        title: q?.title ?? '',
        urlTitle: urlTitle(q?.title ?? ''),
        content: q?.original_text ?? '',
        html: q?.parsed_text ?? '',
        tags: current.map((t) => presentTagBrief(t, ctx.requiredTag)),
        status: q ? Number(q.status) : DELETED,
      },
      ctx,
    ),
    title,
    urlTitle: urlTitle(title),
    proposal: {
      title,
      content: text(snapshot.content),
      html: renderMarkdown(text(snapshot.content)),
      // A tag deleted since the suggestion is shown by its slug; approving recreates it (tag.add rules apply).
      tags: slugs.map((slug) => bySlug.get(slug) ?? { slug_name: slug, display_name: slug, main_tag_slug_name: '', recommend: false, reserved: false }),
    },
  };
}

async function answerSide(db: Db, id: string, snapshot: Record<string, unknown>, ctx: Context) {
  const a = await findAnswer(db, id);
  const q = a ? await findQuestion(db, String(a.question_id)) : undefined;
  const title = q?.title ?? '';
  return {
    info: objectInfo(
      {
        objectId: id,
        questionId: a ? String(a.question_id) : undefined,
        answerId: id,
        title,
        urlTitle: urlTitle(title),
        content: a?.original_text ?? '',
        html: a?.parsed_text ?? '',
        status: a ? Number(a.status) : DELETED,
      },
      ctx,
    ),
    title,
    urlTitle: urlTitle(title),
    proposal: { content: text(snapshot.content), html: renderMarkdown(text(snapshot.content)) },
  };
}

async function tagSide(db: Db, id: string, snapshot: Record<string, unknown>, ctx: Context) {
  const tag = await db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
  const original = text(snapshot.original_text);
  return {
    info: objectInfo(
      {
        objectId: id,
        title: tag?.display_name ?? '',
        urlTitle: tag?.slug_name ?? '',
        content: tag?.original_text ?? '',
        html: tag?.parsed_text ?? '',
        status: tag ? Number(tag.status) : DELETED,
      },
      ctx,
    ),
    title: text(snapshot.display_name),
    urlTitle: text(snapshot.slug_name),
    proposal: { slug_name: text(snapshot.slug_name), display_name: text(snapshot.display_name), original_text: original, parsed_text: renderMarkdown(original) },
  };
}
