import { count, problem } from '../report.js';
import { DEFAULT_LICENSE, sourceUrls } from './attribution.js';
import { type ImportContext, int, NOTHING, seconds, userOf, type Write } from './context.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew, slices } from '../insert-new.js';

/**
 * Comments.xml: comments on questions and answers. Their text is already the comment Markdown
 * Stack Exchange uses (links, code, emphasis), so it is rendered as it is. A comment's score is
 * kept as its vote count, backed by post_source like a post's.
 */
export async function importComments(ctx: ImportContext, rows: DumpRow[]): Promise<Write> {
  const urls = sourceUrls(ctx.site);
  const comments: { values: Record<string, string | number | null>; onAnswer: boolean; source: object }[] = [];
  for (const row of rows) {
    const a = row.attrs;
    const seId = int(a.Id);
    const postId = int(a.PostId);
    const onQuestion = postId !== null && ctx.questions.has(postId);
    if (seId === null || postId === null || (!onQuestion && !ctx.answers.has(postId))) {
      problem(ctx.report, `Comments.xml line ${row.line}: comment ${a.Id ?? '(no id)'} is on post ${a.PostId ?? '(none)'}, which is not an imported question or answer; left out`);
      continue;
    }
    const text = (a.Text ?? '').trim();
    const created = seconds(a.CreationDate);
    const id = ctx.ids.comment(seId);
    const user = int(a.UserId);
    const objectId = onQuestion ? ctx.ids.question(postId) : ctx.ids.answer(postId);
    const score = int(a.Score) ?? 0;
    comments.push({
      onAnswer: !onQuestion,
      values: {
        id,
        created_at: created,
        updated_at: created,
        user_id: userOf(ctx, user),
        reply_user_id: null,
        reply_comment_id: null,
        object_id: objectId,
        question_id: objectId,
        vote_count: score,
        status: 1,
        original_text: text,
        parsed_text: '',
      },
      source: {
        object_id: id,
        url: urls.comment(String(seId)),
        author_name: (a.UserDisplayName ?? '').slice(0, 255),
        author_url: user !== null && user > 0 ? urls.user(String(user)) : '',
        license: (a.ContentLicense ?? DEFAULT_LICENSE).slice(0, 64),
        base_score: score,
      },
    });
  }
  count(ctx.report, 'comments', comments.length);
  if (ctx.dryRun || !comments.length) return NOTHING;
  const rendered = await ctx.pool.convert(comments.map((c) => ({ markdown: String(c.values.original_text) })));
  for (const [i, c] of comments.entries()) c.values.parsed_text = rendered[i]!.html;
  return async (trx) => {
    // A comment on an answer is filed under the answer's question too.
    const answerIds = [...new Set(comments.filter((c) => c.onAnswer).map((c) => String(c.values.object_id)))];
    const questionOf = new Map<string, string>();
    for (const part of slices(answerIds)) {
      for (const r of await trx.selectFrom('answer').select(['id', 'question_id']).where('id', 'in', part).execute()) questionOf.set(String(r.id), String(r.question_id));
    }
    for (const c of comments) if (c.onAnswer) c.values.question_id = questionOf.get(String(c.values.object_id)) ?? '0';
    await insertNew(trx, 'comment', comments.map((c) => c.values));
    await insertNew(trx, 'post_source', comments.map((c) => c.source));
  };
}
