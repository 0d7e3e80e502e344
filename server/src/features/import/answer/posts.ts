import { renderMarkdown, sanitizePostHtml } from '../../../core/markdown.js';
import { indexRows } from '../../search/index-writer.js';
import { problem } from '../report.js';
import { type CopyContext, existing, type Row, type TableCopy } from './copy.js';
import { missingUsers } from './users.js';
import { flagOf, idOf, intOf, textOf, timeOf } from './values.js';

/** Statuses upstream writes (entity/*_entity.go): available, closed (questions), deleted, pending. */
const QUESTION_STATUSES = new Set([1, 2, 10, 11]);
const POST_STATUSES = new Set([1, 10, 11]);
const DELETED = 10;

/** An unknown status is kept as deleted: hidden from readers, still there for the staff to look at. */
function statusOf(ctx: CopyContext, what: string, r: Row, allowed: Set<number>): number {
  const status = intOf(r.status, 1);
  if (allowed.has(status)) return status;
  problem(ctx.report, `${what} ${idOf(r.id)}: unknown status ${status}, imported as deleted.`);
  return DELETED;
}

const userIdsOf = (rows: Row[], ...columns: string[]) => rows.flatMap((r) => columns.map((c) => idOf(r[c])));

/**
 * Tags keep their slug (URLs /tags/<slug>), synonyms (main_tag_id) and wiki text; the wiki's HTML
 * is rendered again from its Markdown, as is every post's: the old site's HTML is not trusted.
 */
export const tags: TableCopy<Set<string>> = {
  from: 'tag',
  to: 'tag',
  kind: 'tags',
  prepare: (ctx, rows) => existing(ctx.source, 'tag', rows.map((r) => idOf(r.main_tag_id))),
  map(r, ctx, mains) {
    const id = idOf(r.id);
    let main = idOf(r.main_tag_id);
    if (main !== '0' && !mains.has(main)) {
      problem(ctx.report, `tag ${id} (${textOf(r.slug_name)}): a synonym of tag ${main}, which is not in the source; imported as a tag of its own.`);
      main = '0';
    }
    const text = textOf(r.original_text);
    return {
      id,
      created_at: timeOf(r.created_at),
      updated_at: timeOf(r.updated_at),
      main_tag_id: main,
      main_tag_slug_name: main === '0' ? '' : textOf(r.main_tag_slug_name),
      slug_name: textOf(r.slug_name),
      display_name: textOf(r.display_name) || textOf(r.slug_name),
      original_text: text,
      parsed_text: text ? renderMarkdown(text) : '',
      follow_count: intOf(r.follow_count),
      question_count: intOf(r.question_count),
      status: statusOf(ctx, 'tag', r, POST_STATUSES),
      recommend: flagOf(r.recommend),
      reserved: flagOf(r.reserved),
      revision_id: idOf(r.revision_id),
      user_id: idOf(r.user_id),
    };
  },
};

export const questions: TableCopy<Set<string>> = {
  from: 'question',
  to: 'question',
  kind: 'questions',
  async prepare(ctx, rows) {
    const known = await existing(ctx.source, 'user', userIdsOf(rows, 'user_id'));
    missingUsers(ctx, 'question', rows, known);
    return known;
  },
  map(r, ctx) {
    const text = textOf(r.original_text);
    const created = timeOf(r.created_at);
    return {
      id: idOf(r.id),
      created_at: created,
      updated_at: timeOf(r.updated_at),
      user_id: idOf(r.user_id),
      invite_user_id: textOf(r.invite_user_id),
      last_edit_user_id: idOf(r.last_edit_user_id),
      title: textOf(r.title),
      original_text: text,
      parsed_text: renderMarkdown(text),
      pin: intOf(r.pin, 1),
      show: intOf(r.show, 1),
      status: statusOf(ctx, 'question', r, QUESTION_STATUSES),
      view_count: intOf(r.view_count),
      unique_view_count: intOf(r.unique_view_count),
      vote_count: intOf(r.vote_count),
      answer_count: intOf(r.answer_count),
      hot_score: intOf(r.hot_score),
      collection_count: intOf(r.collection_count),
      follow_count: intOf(r.follow_count),
      accepted_answer_id: idOf(r.accepted_answer_id),
      last_answer_id: idOf(r.last_answer_id),
      post_update_time: timeOf(r.post_update_time) || created,
      revision_id: idOf(r.revision_id),
    };
  },
  after: (trx, written) => indexRows(trx, written as { id: string; title: string; parsed_text: string }[]),
};

interface PostRefs {
  users: Set<string>;
  questions: Set<string>;
}

async function postRefs(ctx: CopyContext, what: string, rows: Row[]): Promise<PostRefs> {
  const users = await existing(ctx.source, 'user', userIdsOf(rows, 'user_id'));
  missingUsers(ctx, what, rows, users);
  return { users, questions: await existing(ctx.source, 'question', rows.map((r) => idOf(r.question_id))) };
}

/** An answer or comment whose question is gone cannot be shown anywhere: left out. */
function orphan(ctx: CopyContext, what: string, r: Row, refs: PostRefs): boolean {
  if (refs.questions.has(idOf(r.question_id))) return false;
  problem(ctx.report, `${what} ${idOf(r.id)}: its question ${idOf(r.question_id)} is not in the source; left out.`);
  return true;
}

export const answers: TableCopy<PostRefs> = {
  from: 'answer',
  to: 'answer',
  kind: 'answers',
  prepare: (ctx, rows) => postRefs(ctx, 'answer', rows),
  map(r, ctx, refs) {
    if (orphan(ctx, 'answer', r, refs)) return null;
    const text = textOf(r.original_text);
    return {
      id: idOf(r.id),
      created_at: timeOf(r.created_at),
      updated_at: timeOf(r.updated_at),
      question_id: idOf(r.question_id),
      user_id: idOf(r.user_id),
      last_edit_user_id: idOf(r.last_edit_user_id),
      original_text: text,
      parsed_text: renderMarkdown(text),
      status: statusOf(ctx, 'answer', r, POST_STATUSES),
      // Upstream: 2 accepted, 1 not (the column keeps its old name, "adopted").
      adopted: intOf(r.adopted, 1) === 2 ? 2 : 1,
      comment_count: intOf(r.comment_count),
      vote_count: intOf(r.vote_count),
      revision_id: idOf(r.revision_id),
    };
  },
  after: (trx, written) => indexRows(trx, written as { id: string; parsed_text: string }[]),
};

export const comments: TableCopy<PostRefs> = {
  from: 'comment',
  to: 'comment',
  kind: 'comments',
  prepare: (ctx, rows) => postRefs(ctx, 'comment', rows),
  map(r, ctx, refs) {
    if (orphan(ctx, 'comment', r, refs)) return null;
    const text = textOf(r.original_text);
    const replyUser = idOf(r.reply_user_id);
    const replyComment = idOf(r.reply_comment_id);
    return {
      id: idOf(r.id),
      created_at: timeOf(r.created_at),
      updated_at: timeOf(r.updated_at),
      user_id: idOf(r.user_id),
      reply_user_id: replyUser === '0' ? null : replyUser,
      reply_comment_id: replyComment === '0' ? null : replyComment,
      object_id: idOf(r.object_id),
      question_id: idOf(r.question_id),
      vote_count: intOf(r.vote_count),
      status: statusOf(ctx, 'comment', r, POST_STATUSES),
      original_text: text,
      parsed_text: renderMarkdown(text),
    };
  },
};

export const tagRelations: TableCopy = {
  from: 'tag_rel',
  to: 'tag_rel',
  kind: 'tag relations',
  map: (r) => ({
    id: idOf(r.id),
    created_at: timeOf(r.created_at),
    updated_at: timeOf(r.updated_at),
    object_id: idOf(r.object_id),
    tag_id: idOf(r.tag_id),
    status: intOf(r.status, 1),
  }),
};

/**
 * A revision's snapshot is upstream's JSON of the post, sent to clients as it is; the HTML in it
 * is made again from its Markdown (or sanitised when there is none), like the posts' own.
 */
function safeSnapshot(content: string): string {
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(content);
  } catch {
    return content;
  }
  if (!snapshot || typeof snapshot !== 'object') return content;
  const s = snapshot as Record<string, unknown>;
  if (typeof s.parsed_text !== 'string') return content;
  s.parsed_text = typeof s.original_text === 'string' ? renderMarkdown(s.original_text) : sanitizePostHtml(s.parsed_text);
  return JSON.stringify(s);
}

export const revisions: TableCopy = {
  from: 'revision',
  to: 'revision',
  kind: 'revisions',
  map: (r) => ({
    id: idOf(r.id),
    created_at: timeOf(r.created_at),
    updated_at: timeOf(r.updated_at),
    user_id: idOf(r.user_id),
    object_type: intOf(r.object_type),
    object_id: idOf(r.object_id),
    title: textOf(r.title),
    content: safeSnapshot(textOf(r.content)),
    log: textOf(r.log),
    status: intOf(r.status, 1),
    review_user_id: idOf(r.review_user_id),
  }),
};
