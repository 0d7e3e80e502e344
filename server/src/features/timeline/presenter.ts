import type { Selectable } from 'kysely';
import { isAdmin, isStaff, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, presentId } from '../../core/ids.js';
import { sanitizePostHtml } from '../../core/markdown.js';
import type { ActivityTable, TagTable } from '../../db/schema.js';
import { ACT_KEY } from '../activity/types.js';
import { presentTagBrief } from '../tag/presenter.js';
import type { UserBasicInfo } from '../user/basic.js';
import type { VisibleObject } from '../visibility/objects.js';

type ActivityRow = Selectable<ActivityTable>;

export interface TimelineContext {
  viewer: SessionUser;
  users: Map<string, UserBasicInfo>;
  permalink: number;
  comments: Map<string, { html: string; deleted: boolean }>;
  /** Edit summaries by revision id, rendered. */
  summaries: Map<string, string>;
  /** Close messages by question id, rendered. */
  closeMessages: Map<string, string>;
}

/** Wire names of event kinds that differ from their activity key (domain.md 12.2). */
const RENAMED: Record<string, string> = { vote_up: 'upvote', vote_down: 'downvote', accepted: 'accept' };

/** The part of an activity key after the first dot ("question.edited" -> "edited"). */
export const suffixOf = (key: string) => key.slice(key.indexOf('.') + 1);

/** Who did it: the trigger user (the acceptor of an answer, the voter), else the row's user. */
export const actorOf = (row: ActivityRow) => (String(row.trigger_user_id) !== '0' ? String(row.trigger_user_id) : String(row.user_id));

const TYPE_NAMES = Object.fromEntries(Object.entries(OBJECT_TYPE).map(([name, code]) => [code, name])) as Record<number, string>;
const typeName = (id: string) => TYPE_NAMES[objectTypeOf(id) ?? 0] ?? '';

export function presentObjectInfo(target: VisibleObject, author: UserBasicInfo | undefined, permalink: number) {
  return {
    title: target.title,
    object_type: target.kind,
    question_id: target.questionId ? presentId(target.questionId, permalink) : '',
    answer_id: target.answerId ? presentId(target.answerId, permalink) : '',
    username: author?.username ?? '',
    display_name: author?.display_name ?? '',
    main_tag_slug_name: target.slugName,
  };
}

export function presentTimelineItem(row: ActivityRow, ctx: TimelineContext) {
  const suffix = suffixOf(ACT_KEY[Number(row.activity_type)] ?? '');
  const objectId = String(row.object_id);
  // Downvoters stay anonymous to everyone but administrators (domain.md 12.2).
  const hidden = suffix === 'vote_down' && !isAdmin(ctx.viewer);
  return {
    activity_id: String(row.id),
    revision_id: String(row.revision_id),
    created_at: Number(row.created_at),
    activity_type: RENAMED[suffix] ?? suffix,
    comment: commentOf(suffix, row, ctx),
    object_id: presentId(objectId, ctx.permalink),
    object_type: typeName(objectId),
    cancelled: Number(row.cancelled) === 1,
    cancelled_at: Number(row.cancelled_at),
    user_info: hidden ? null : (ctx.users.get(actorOf(row)) ?? null),
  };
}

/** The HTML under an event: the comment itself, the edit summary or the close message. */
function commentOf(suffix: string, row: ActivityRow, ctx: TimelineContext): string {
  if (suffix === 'commented') {
    const comment = ctx.comments.get(String(row.object_id));
    // A deleted comment's words stay with the people who moderate them.
    if (!comment || (comment.deleted && !isStaff(ctx.viewer))) return '';
    return sanitizePostHtml(comment.html);
  }
  if (suffix === 'edited') return ctx.summaries.get(String(row.revision_id)) ?? '';
  if (suffix === 'closed') return ctx.closeMessages.get(String(row.object_id)) ?? '';
  return '';
}

/** One side of a revision diff (domain.md 12.2); a missing side is empty. */
export function presentRevision(
  target: VisibleObject,
  snapshot: Record<string, unknown> | null,
  tags: Map<string, Selectable<TagTable>>,
  requiredTagOn: boolean,
) {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (!snapshot) return { title: '', tags: [], original_text: '', slug_name: '', main_tag_slug_name: '' };
  const slugs = Array.isArray(snapshot.tags) ? snapshot.tags.map(String) : [];
  return {
    // An answer has no title of its own: its question's is shown, as upstream does.
    title: target.kind === 'answer' ? target.title : text(snapshot.title) || text(snapshot.display_name),
    tags: slugs.map((slug) => {
      const tag = tags.get(slug);
      return tag ? presentTagBrief(tag, requiredTagOn) : { slug_name: slug, display_name: slug, main_tag_slug_name: '', recommend: false, reserved: false };
    }),
    original_text: text(snapshot.content) || text(snapshot.original_text),
    slug_name: text(snapshot.slug_name),
    main_tag_slug_name: text(snapshot.main_tag_slug_name),
  };
}
