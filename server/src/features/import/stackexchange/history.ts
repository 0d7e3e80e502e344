import type { Transaction } from 'kysely';
import { OBJECT_TYPE } from '../../../core/ids.js';
import type { Database } from '../../../db/schema.js';
import { CLOSE_REASON_KEY } from '../../question/close-reason-key.js';
import { REVISION } from '../../revision/service.js';
import { count } from '../report.js';
import { type ImportContext, int, NOTHING, seconds, userOf, type Write } from './context.js';
import { htmlToMarkdown } from './html-markdown.js';
import { tagNames } from './tags.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew, slices } from '../insert-new.js';

/**
 * PostHistory.xml, in Id order (which is time order). The rows of one edit share a RevisionGUID:
 * initial title/body/tags (types 1-3), edits (4-6) and rollbacks (7-9) of any of the three. Each
 * edit becomes one revision holding the whole post as it was then, so a part the edit left alone
 * is carried from the post's previous revision (this batch's, or the last one written before it).
 * Closing (10) and reopening (11) keep the question's close reason for its banner.
 */
const TITLE = new Set([1, 4, 7]);
const BODY = new Set([2, 5, 8]);
const TAGS = new Set([3, 6, 9]);
const CLOSED = 10;
const REOPENED = 11;

/** Stack Exchange close reason ids: 1 and 101 are duplicates; 2 and 102 off-topic; 4 and 103 unclear. */
const SE_DUPLICATE = new Set(['1', '101']);
const SE_OFF_TOPIC = new Set(['2', '102']);
const SE_UNCLEAR = new Set(['4', '103']);
const SE_REASON_TEXT: Record<string, string> = { '3': 'subjective', '5': 'too localized', '7': 'too localized', '104': 'needs more focus', '105': 'opinion-based' };

interface Snapshot {
  title?: string;
  content: string;
  tags?: string[];
}

interface Edit {
  historyId: number;
  seId: number;
  kind: 'question' | 'answer';
  at: number;
  userId: string;
  log: string;
  title?: string;
  content?: string;
  tags?: string[];
}

export interface HistoryState {
  /** An edit whose rows may continue in the next batch, and its RevisionGUID. */
  open: Edit | null;
  guid: string;
}

/** Reads one batch; an edit still open at the end waits in `state` for the next (or `flush`). */
export function importHistory(ctx: ImportContext, rows: DumpRow[], state: HistoryState, last: boolean): Write {
  const edits: Edit[] = [];
  const closes = new Map<number, { close_type: number; close_msg: string } | null>();
  for (const row of rows) {
    const a = row.attrs;
    const type = int(a.PostHistoryTypeId) ?? 0;
    const postId = int(a.PostId);
    const historyId = int(a.Id);
    if (postId === null || historyId === null) continue;
    if (type === CLOSED || type === REOPENED) {
      if (ctx.questions.has(postId)) closes.set(postId, type === CLOSED ? closeReason(ctx, a.Comment ?? '', a.Text ?? '') : null);
      continue;
    }
    const isQuestion = ctx.questions.has(postId);
    if (!(TITLE.has(type) || BODY.has(type) || TAGS.has(type)) || (!isQuestion && !ctx.answers.has(postId))) continue;
    const open = state.open;
    if (!open || open.seId !== postId || !a.RevisionGUID || a.RevisionGUID !== state.guid) {
      if (open) edits.push(open);
      state.open = {
        historyId,
        seId: postId,
        kind: isQuestion ? 'question' : 'answer',
        at: seconds(a.CreationDate),
        userId: userOf(ctx, int(a.UserId)),
        log: (a.Comment ?? '').slice(0, 255),
      };
      state.guid = a.RevisionGUID ?? '';
    }
    const edit = state.open!;
    if (TITLE.has(type)) edit.title = a.Text ?? '';
    else if (BODY.has(type)) edit.content = a.Text ?? '';
    else edit.tags = tagNames(a.Text);
  }
  if (last && state.open) {
    edits.push(state.open);
    state.open = null;
  }
  count(ctx.report, 'revisions', edits.length);
  if (ctx.dryRun || (!edits.length && !closes.size)) return NOTHING;
  return async (trx) => {
    await writeRevisions(ctx, trx, edits);
    await writeCloseReasons(ctx, trx, closes);
  };
}

/**
 * The dump keeps PostHistory bodies as Markdown (the Text of a body edit is the source the author
 * typed), except in dumps old enough to keep HTML; those are converted like posts.
 */
const bodyText = (text: string) => (/^\s*<(p|pre|div|blockquote|ul|ol|h\d)\b/i.test(text) ? htmlToMarkdown(text) : text);

async function writeRevisions(ctx: ImportContext, trx: Transaction<Database>, edits: Edit[]): Promise<void> {
  if (!edits.length) return;
  const previous = await lastSnapshots(ctx, trx, edits);
  const rows = edits.map((e) => {
    const objectId = e.kind === 'question' ? ctx.ids.question(e.seId) : ctx.ids.answer(e.seId);
    const before = previous.get(objectId) ?? { content: '' };
    const snapshot: Snapshot =
      e.kind === 'question'
        ? { title: e.title ?? before.title ?? '', content: e.content !== undefined ? bodyText(e.content) : before.content, tags: e.tags ?? before.tags ?? [] }
        : { content: e.content !== undefined ? bodyText(e.content) : before.content };
    previous.set(objectId, snapshot);
    return {
      id: ctx.ids.revision(e.historyId),
      created_at: e.at,
      updated_at: e.at,
      user_id: e.userId,
      object_type: e.kind === 'question' ? OBJECT_TYPE.question : OBJECT_TYPE.answer,
      object_id: objectId,
      title: (snapshot.title ?? '').slice(0, 255),
      content: JSON.stringify(snapshot),
      log: e.log,
      status: REVISION.normal,
    };
  });
  await insertNew(trx, 'revision', rows);
}

/** Each post's last revision written before this batch's first, to carry the parts an edit leaves alone. */
async function lastSnapshots(ctx: ImportContext, trx: Transaction<Database>, edits: Edit[]): Promise<Map<string, Snapshot>> {
  const first = ctx.ids.revision(edits[0]!.historyId);
  const objectIds = [...new Set(edits.map((e) => (e.kind === 'question' ? ctx.ids.question(e.seId) : ctx.ids.answer(e.seId))))];
  const out = new Map<string, Snapshot>();
  for (const part of slices(objectIds, 1000)) {
    const latest = await trx
      .selectFrom('revision')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('object_id', 'in', part)
      .where('id', '<', first)
      .groupBy('object_id')
      .execute();
    const ids = latest.map((r) => String(r.id));
    if (!ids.length) continue;
    for (const r of await trx.selectFrom('revision').select(['object_id', 'content']).where('id', 'in', ids).execute()) {
      out.set(String(r.object_id), JSON.parse(r.content) as Snapshot);
    }
  }
  return out;
}

function closeReason(ctx: ImportContext, comment: string, text: string): { close_type: number; close_msg: string } {
  const reasons = ctx.closeReasons;
  if (SE_DUPLICATE.has(comment)) {
    const original = duplicateOf(text);
    return { close_type: reasons.duplicate, close_msg: original !== null && ctx.questions.has(original) ? ctx.questionUrl(ctx.ids.question(original)) : '' };
  }
  if (SE_OFF_TOPIC.has(comment)) return { close_type: reasons.offTopic, close_msg: '' };
  if (SE_UNCLEAR.has(comment)) return { close_type: reasons.unclear, close_msg: '' };
  return { close_type: reasons.other, close_msg: SE_REASON_TEXT[comment] ?? '' };
}

/** The original of a duplicate, from a close row's Text: JSON with OriginalQuestionIds in current dumps. */
function duplicateOf(text: string): number | null {
  try {
    const ids = (JSON.parse(text) as { OriginalQuestionIds?: number[] }).OriginalQuestionIds;
    return ids?.length ? Number(ids[0]) : null;
  } catch {
    return null;
  }
}

/** Replaces the close reasons of these questions (a reopened one has none): the last word of the history wins. */
export async function writeCloseReasons(ctx: ImportContext, trx: Transaction<Database>, closes: Map<number, { close_type: number; close_msg: string } | null>): Promise<void> {
  const entries = [...closes].filter(([seId]) => ctx.closed.has(seId));
  for (const part of slices(entries, 1000)) {
    await trx.deleteFrom('meta').where('key', '=', CLOSE_REASON_KEY).where('object_id', 'in', part.map(([seId]) => ctx.ids.question(seId))).execute();
  }
  const t = Math.floor(Date.now() / 1000);
  await insertNew(
    trx,
    'meta',
    entries.filter(([, reason]) => reason).map(([seId, reason]) => ({ created_at: t, updated_at: t, object_id: ctx.ids.question(seId), key: CLOSE_REASON_KEY, value: JSON.stringify(reason) })),
  );
}
