import type { Selectable } from 'kysely';
import { badRequest, notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import type { ActivityTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { ACT_KEY } from '../activity/types.js';
import { REVISION } from '../revision/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagsBySlugs } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { loadVisibleObject, type VisibleObject } from '../visibility/objects.js';
import { actorOf, presentObjectInfo, presentRevision, presentTimelineItem, suffixOf, type TimelineContext } from './presenter.js';

type ActivityRow = Selectable<ActivityTable>;

const VOTE_SUFFIXES = new Set(['vote_up', 'vote_down']);
/** Never on a timeline: the author's half of a vote, follows, and rows that only carry reputation. */
const HIDDEN = (key: string) => ['voted_up', 'voted_down', 'follow'].includes(suffixOf(key)) || key === 'edit.accepted';
/**
 * Rows that belong to the timeline of their object rather than of their original object: votes
 * (the ledger files them under the question so reputation history can name it) and the answer
 * author's `answer.accepted` (the asker's `answer.accept` is the question's event).
 */
const OBJECT_SCOPED = (key: string) => VOTE_SUFFIXES.has(suffixOf(key)) || key === 'answer.accepted';

const typesWhere = (test: (key: string) => boolean) =>
  Object.entries(ACT_KEY)
    .filter(([, key]) => test(key))
    .map(([id]) => Number(id));
const NOT_BY_ORIGINAL = typesWhere((k) => HIDDEN(k) || OBJECT_SCOPED(k));
const BY_OBJECT = typesWhere((k) => OBJECT_SCOPED(k) && !HIDDEN(k));
const VOTE_TYPES = new Set(typesWhere((k) => VOTE_SUFFIXES.has(suffixOf(k))));

/**
 * The events of one object, newest first (domain.md 12.2): rows filed under it as their original
 * object, plus the object-scoped rows on it; vote rows only when asked for. Two indexed lookups
 * (activity.original_object_id and activity.object_id).
 */
async function timelineRows(runtime: Runtime, objectId: string, showVote: boolean): Promise<ActivityRow[]> {
  const db = runtime.database;
  const byObjectTypes = BY_OBJECT.filter((type) => showVote || !VOTE_TYPES.has(type));
  const [filed, scoped] = await Promise.all([
    db.selectFrom('activity').selectAll().where('original_object_id', '=', objectId).where('activity_type', 'not in', NOT_BY_ORIGINAL).execute(),
    byObjectTypes.length
      ? db.selectFrom('activity').selectAll().where('object_id', '=', objectId).where('activity_type', 'in', byObjectTypes).execute()
      : Promise.resolve([]),
  ]);
  const seen = new Set<string>();
  return [...filed, ...scoped]
    .filter((row) => ACT_KEY[Number(row.activity_type)] !== undefined)
    .filter((row) => !seen.has(String(row.id)) && !!seen.add(String(row.id)))
    .sort((a, b) => Number(b.created_at) - Number(a.created_at) || Number(b.id) - Number(a.id));
}

/** What the rows' `comment` fields are made from, each loaded in one query. */
async function loadComments(runtime: Runtime, rows: ActivityRow[]) {
  const db = runtime.database;
  const kinds = rows.map((row) => ({ row, suffix: suffixOf(ACT_KEY[Number(row.activity_type)]!) }));
  const commentIds = kinds.filter((k) => k.suffix === 'commented' && objectTypeOf(String(k.row.object_id)) === OBJECT_TYPE.comment).map((k) => String(k.row.object_id));
  const revisionIds = kinds.filter((k) => k.suffix === 'edited' && String(k.row.revision_id) !== '0').map((k) => String(k.row.revision_id));
  const closedIds = kinds.filter((k) => k.suffix === 'closed').map((k) => String(k.row.object_id));
  const [comments, revisions, closes] = await Promise.all([
    commentIds.length ? db.selectFrom('comment').select(['id', 'parsed_text', 'status']).where('id', 'in', commentIds).execute() : [],
    revisionIds.length ? db.selectFrom('revision').select(['id', 'log']).where('id', 'in', revisionIds).execute() : [],
    closedIds.length
      ? db.selectFrom('meta').select(['object_id', 'value']).where('object_id', 'in', [...new Set(closedIds)]).where('key', '=', 'question.close.reason').execute()
      : [],
  ]);
  return {
    comments: new Map(comments.map((c) => [String(c.id), { html: c.parsed_text, deleted: Number(c.status) === 10 }])),
    summaries: new Map(revisions.map((r) => [String(r.id), r.log ? renderMarkdown(r.log) : ''])),
    closeMessages: new Map(closes.map((m) => [String(m.object_id), closeMessage(m.value)])),
  };
}

/** The message of a close reason `{close_type, close_msg}` (domain.md 2.13), rendered. */
function closeMessage(value: string): string {
  try {
    const msg = (JSON.parse(value) as { close_msg?: unknown }).close_msg;
    return typeof msg === 'string' && msg ? renderMarkdown(msg) : '';
  } catch {
    return '';
  }
}

/** GET /activity/timeline (domain.md 12.2). */
export async function objectTimeline(runtime: Runtime, user: SessionUser, rawId: string, showVote: boolean) {
  const id = toLongId(rawId);
  const thresholds = await loadThresholds(runtime);
  const target = id ? await loadVisibleObject(runtime, user, id, thresholds) : null;
  if (!target) throw notFound('error.object.not_found');
  const rows = await timelineRows(runtime, target.id, showVote);
  const [settings, users, texts] = await Promise.all([
    loadSiteSettings(runtime),
    loadUserBasics(runtime, [target.authorId, ...rows.map(actorOf)]),
    loadComments(runtime, rows),
  ]);
  const ctx: TimelineContext = { viewer: user, users, permalink: settings.seo.permalink, ...texts };
  return {
    object_info: presentObjectInfo(target, users.get(target.authorId), settings.seo.permalink),
    timeline: rows.map((row) => presentTimelineItem(row, ctx)),
  };
}

/** Applied revisions only: suggestions waiting or rejected are the review queue's business. */
const SHOWN_REVISIONS: number[] = [REVISION.normal, REVISION.approved];

/** GET /activity/timeline/detail: two revisions of one object, for the diff. */
export async function timelineDetail(runtime: Runtime, user: SessionUser, newId: string, oldId: string) {
  const db = runtime.database;
  const ids = oldId === '0' ? [newId] : [newId, oldId];
  const rows = await db.selectFrom('revision').selectAll().where('id', 'in', ids).where('status', 'in', SHOWN_REVISIONS).execute();
  const newer = rows.find((r) => String(r.id) === newId);
  const older = oldId === '0' ? undefined : rows.find((r) => String(r.id) === oldId);
  if (!newer || (oldId !== '0' && !older)) throw notFound('error.object.not_found');
  if (older && String(older.object_id) !== String(newer.object_id)) throw badRequest('error.revision.different_objects');
  const target: VisibleObject | null = await loadVisibleObject(runtime, user, String(newer.object_id), await loadThresholds(runtime));
  if (!target) throw notFound('error.object.not_found');

  const snapshots = [newer, older].map((r) => (r ? parseSnapshot(r.content) : null));
  const slugs = snapshots.flatMap((s) => (s && Array.isArray(s.tags) ? s.tags.map(String) : []));
  const [tags, settings] = await Promise.all([tagsBySlugs(db, [...new Set(slugs)]), loadSiteSettings(runtime)]);
  const tagMap = new Map(tags.map((t) => [t.slug_name, t]));
  const present = (snapshot: Record<string, unknown> | null) => presentRevision(target, snapshot, tagMap, settings.write.required_tag);
  return { new_revision: present(snapshots[0]!), old_revision: present(snapshots[1]!) };
}

function parseSnapshot(content: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
