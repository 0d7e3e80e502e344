import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { type Doc, writeDocs } from '../../search/dialect-sql.js';
import { count, problem } from '../report.js';
import { DEFAULT_LICENSE, sourceUrls } from './attribution.js';
import { type ImportContext, int, NOTHING, seconds, userOf, type Write } from './context.js';
import type { ConvertJob } from './convert.js';
import { tagIdsOf, tagNames, writeTagWiki } from './tags.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew, slices } from '../insert-new.js';

const QUESTION = 1;
const ANSWER = 2;
const TAG_EXCERPT = 4;
const TAG_WIKI = 5;
const TITLE_MAX = 150;
/** Answers kept in memory until the end of Posts.xml because their question comes later (rare: merges). */
const LATER_ANSWERS_MAX = 10_000;

interface Post {
  id: string;
  kind: 'question' | 'answer';
  values: Record<string, string | number>;
  tagIds: string[];
  source: { object_id: string; url: string; author_name: string; author_url: string; license: string; base_score: number };
  ownerId: number | null;
}

/**
 * Posts.xml: questions and answers with their scores, views, closing and accepted answers; tag
 * excerpts and wikis become tag descriptions; other post types (moderator nominations, privilege
 * wikis) have no counterpart and are counted as left out. An answer read before its question is
 * kept for the end of the file (`last`: the rows kept), when every question has been read. Bodies
 * are HTML: sanitised as they are for display, and turned into Markdown for editing (on the
 * conversion threads, convert.ts). Each post keeps the link to its original (post_source).
 */
export async function importPosts(ctx: ImportContext, rows: DumpRow[], excerpts: Map<string, string>, last = false): Promise<Write> {
  const urls = sourceUrls(ctx.site);
  const posts: Post[] = [];
  const bodies: ConvertJob[] = [];
  const tagTexts: { slug: string; part: 'excerpt' | 'wiki' }[] = [];
  const freshTags: object[] = [];
  for (const row of rows) {
    const a = row.attrs;
    const seId = int(a.Id);
    const type = int(a.PostTypeId);
    if (seId === null) {
      problem(ctx.report, `Posts.xml line ${row.line}: a post without a numeric Id, left out`);
      continue;
    }
    if (type === TAG_EXCERPT || type === TAG_WIKI) {
      const tag = ctx.tagTexts.get(seId);
      if (tag) {
        tagTexts.push(tag);
        bodies.push(tag.part === 'excerpt' ? { html: a.Body ?? '', markdownOnly: true } : { html: a.Body ?? '', rendered: true });
      }
      continue;
    }
    if (type !== QUESTION && type !== ANSWER) {
      count(ctx.report, 'posts of other types (left out)');
      continue;
    }
    const parent = int(a.ParentId);
    if (type === ANSWER && (parent === null || !ctx.questions.has(parent))) {
      if (parent !== null && !last && ctx.laterAnswers.length < LATER_ANSWERS_MAX) ctx.laterAnswers.push(row);
      else if (parent !== null && !last) problem(ctx.report, `Posts.xml line ${row.line}: answer ${seId} belongs to question ${parent}, not read yet, and ${LATER_ANSWERS_MAX} answers already wait for their question; left out`);
      else problem(ctx.report, `Posts.xml line ${row.line}: answer ${seId} belongs to question ${a.ParentId ?? '(none)'}, which is not in the dump; left out`);
      continue;
    }
    const created = seconds(a.CreationDate);
    const edited = seconds(a.LastEditDate);
    const owner = int(a.OwnerUserId);
    const editor = int(a.LastEditorUserId);
    const score = int(a.Score) ?? 0;
    const common = {
      created_at: created,
      updated_at: edited || created,
      user_id: userOf(ctx, owner),
      last_edit_user_id: edited && editor !== null ? userOf(ctx, editor) : '0',
      original_text: '',
      parsed_text: '',
      status: 1,
      vote_count: score,
    };
    const source = {
      url: type === QUESTION ? urls.question(String(seId)) : urls.answer(String(seId)),
      author_name: (a.OwnerDisplayName ?? '').slice(0, 255),
      author_url: owner !== null && owner > 0 ? urls.user(String(owner)) : '',
      license: (a.ContentLicense ?? DEFAULT_LICENSE).slice(0, 64),
      base_score: score,
    };
    if (type === QUESTION) {
      const id = ctx.ids.question(seId);
      ctx.questions.add(seId);
      if (a.ClosedDate) ctx.closed.add(seId);
      const accepted = int(a.AcceptedAnswerId);
      let title = (a.Title ?? '').trim();
      if (title.length > TITLE_MAX) {
        problem(ctx.report, `Posts.xml line ${row.line}: the title of question ${seId} is longer than ${TITLE_MAX} characters; shortened`);
        title = title.slice(0, TITLE_MAX);
      }
      posts.push({
        id,
        kind: 'question',
        ownerId: owner,
        tagIds: tagIdsOf(ctx, tagNames(a.Tags), created, freshTags),
        source: { object_id: id, ...source },
        values: {
          id,
          ...common,
          title,
          status: a.ClosedDate ? 2 : 1,
          view_count: int(a.ViewCount) ?? 0,
          unique_view_count: int(a.ViewCount) ?? 0,
          accepted_answer_id: accepted !== null ? ctx.ids.answer(accepted) : '0',
          post_update_time: seconds(a.LastActivityDate) || edited || created,
        },
      });
      bodies.push({ html: a.Body ?? '', title, index: true });
    } else {
      const id = ctx.ids.answer(seId);
      ctx.answers.add(seId);
      posts.push({ id, kind: 'answer', ownerId: owner, tagIds: [], source: { object_id: id, ...source }, values: { id, ...common, question_id: ctx.ids.question(parent!) } });
      bodies.push({ html: a.Body ?? '', index: true });
    }
  }
  const questions = posts.filter((p) => p.kind === 'question');
  count(ctx.report, 'questions', questions.length);
  count(ctx.report, 'answers', posts.length - questions.length);
  count(ctx.report, 'closed questions', questions.filter((q) => q.values.status === 2).length);
  if (ctx.dryRun) return NOTHING;

  // `bodies` holds tag texts and posts in file order: both lists are walked in step.
  const converted = await ctx.pool.convert(bodies);
  const docs: Doc[] = [];
  const wikis: [slug: string, markdown: string, html: string][] = [];
  let p = 0;
  let t = 0;
  for (const [i, job] of bodies.entries()) {
    const out = converted[i]!;
    if (!job.index) {
      const tag = tagTexts[t++]!;
      if (tag.part === 'excerpt') excerpts.set(tag.slug, out.markdown);
      else wikis.push([tag.slug, out.markdown, out.html]);
      continue;
    }
    const post = posts[p++]!;
    post.values.original_text = out.markdown;
    post.values.parsed_text = out.html;
    docs.push({ id: post.id, title: out.titleTerms, body: out.bodyTerms });
  }
  return async (trx) => {
    await nameAuthors(ctx, trx, posts);
    await insertNew(trx, 'tag', freshTags);
    const written = (await insertNew(trx, 'question', questions.map((q) => q.values))) + (await insertNew(trx, 'answer', posts.filter((q) => q.kind === 'answer').map((q) => q.values)));
    await insertNew(trx, 'post_source', posts.map((q) => q.source));
    await insertNew(
      trx,
      'tag_rel',
      questions.flatMap((q) => q.tagIds.map((tagId) => ({ created_at: q.values.created_at, updated_at: q.values.created_at, object_id: q.id, tag_id: tagId, status: 1 }))),
    );
    // SQLite's text index writes out what it holds as a new segment whenever a row comes with a
    // lower id than the one before, and questions' ids are all below answers': in file order that
    // is at nearly every question, and each small segment is merged again later.
    docs.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    // Every post new (not a run again after an interruption): none has index rows to replace.
    for (const part of slices(docs, 200)) await writeDocs(trx, part, { fresh: written === posts.length });
    for (const [slug, markdown, html] of wikis) await writeTagWiki(ctx, trx, slug, markdown, html);
  };
}

/** The author a post's attribution names: the account's display name, or the name a deleted account left on the post. */
async function nameAuthors(ctx: ImportContext, trx: Transaction<Database>, posts: Post[]): Promise<void> {
  const owners = [...new Set(posts.filter((p) => !p.source.author_name && p.ownerId !== null && ctx.users.has(p.ownerId)).map((p) => ctx.ids.user(p.ownerId!)))];
  const names = new Map<string, string>();
  for (const part of slices(owners)) {
    for (const r of await trx.selectFrom('user').select(['id', 'display_name']).where('id', 'in', part).execute()) names.set(String(r.id), r.display_name);
  }
  for (const p of posts) if (!p.source.author_name) p.source.author_name = names.get(String(p.values.user_id)) ?? '';
}
