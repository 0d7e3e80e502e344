import { objectTypeOf, OBJECT_TYPE, toLongId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { A } from '../answer/service.js';
import { withSynonyms } from '../question/list.js';
import { questionPath } from '../question/permalink.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadUserBasics } from '../user/basic.js';
import { canSeeQuestion } from '../visibility/rules.js';
import { lastActivity, listedQuestions } from './queries.js';
import { siteBase } from './sitemap.js';
import { escapeXml, w3cDate, XML_DECLARATION } from './xml.js';

/** Entries per feed: readers poll often and only want what is new. */
const FEED_SIZE = 30;

interface Entry {
  title: string;
  /** Canonical page path (permalink style), URL-encoded. */
  link: string;
  /** Stable across title edits and permalink changes, so readers do not show an entry twice. */
  id: string;
  published: number;
  updated: number;
  authorId: string;
  html: string;
}

interface Feed {
  title: string;
  /** The feed's own path, e.g. /feeds/questions.atom; paths here are URL-encoded. */
  self: string;
  /** The page the feed follows. */
  alternate: string;
  entries: Entry[];
}

const QUESTION_COLUMNS = ['question.id', 'question.title', 'question.parsed_text', 'question.user_id', 'question.created_at', 'question.post_update_time'] as const;
type QuestionRow = { id: string | number | bigint; title: string; parsed_text: string; user_id: string | number | bigint; created_at: number; post_update_time: number };

/** `/feeds/questions.atom`: the newest listed questions. */
export async function questionsFeed(runtime: Runtime): Promise<string> {
  const rows = await listedQuestions(runtime.database).select(QUESTION_COLUMNS).orderBy('question.id', 'desc').limit(FEED_SIZE).execute();
  const settings = await loadSiteSettings(runtime);
  return render(runtime, { title: settings.general.name, self: '/feeds/questions.atom', alternate: '/questions', entries: await questionEntries(runtime, rows) });
}

/** `/feeds/tags/{slug}.atom`: the newest listed questions of a tag and its synonyms, as its tag page lists them; null for no such tag. */
export async function tagFeed(runtime: Runtime, slug: string): Promise<string | null> {
  const db = runtime.database;
  const tag = await db.selectFrom('tag').select(['id', 'display_name', 'slug_name']).where('slug_name', '=', slug).where('status', '=', 1).executeTakeFirst();
  if (!tag) return null;
  const tagIds = await withSynonyms(runtime, [String(tag.id)]);
  const rows = await listedQuestions(db)
    .select(QUESTION_COLUMNS)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('tag_rel').select('tag_rel.id').whereRef('tag_rel.object_id', '=', 'question.id').where('tag_rel.tag_id', 'in', tagIds).where('tag_rel.status', '=', 1),
      ),
    )
    .orderBy('question.id', 'desc')
    .limit(FEED_SIZE)
    .execute();
  const settings = await loadSiteSettings(runtime);
  const path = `/tags/${encodeURIComponent(tag.slug_name)}`;
  return render(runtime, {
    title: `${settings.general.name} · ${tag.display_name || tag.slug_name}`,
    self: `/feeds${path}.atom`,
    alternate: path,
    entries: await questionEntries(runtime, rows),
  });
}

/**
 * `/feeds/questions/{id}.atom` (long or short id): the newest available answers of a question a
 * visitor may open (unlisted ones too: they stay reachable by link); null otherwise.
 */
export async function answersFeed(runtime: Runtime, rawId: string): Promise<string | null> {
  const id = toLongId(rawId);
  if (!id || objectTypeOf(id) !== OBJECT_TYPE.question) return null;
  const db = runtime.database;
  const question = await db.selectFrom('question').select(['id', 'title', 'status', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!question || !canSeeQuestion(null, question, await loadThresholds(runtime))) return null;
  const answers = await db
    .selectFrom('answer')
    .select(['id', 'parsed_text', 'user_id', 'created_at', 'updated_at'])
    .where('question_id', '=', id)
    .where('status', '=', A.available)
    .orderBy('id', 'desc')
    .limit(FEED_SIZE)
    .execute();
  const style = (await loadSiteSettings(runtime)).seo.permalink;
  const entries = answers.map((a): Entry => {
    const answerId = String(a.id);
    return {
      // No words to translate: feed readers show it next to the question's own feed title.
      title: `Re: ${question.title}`,
      link: canonicalPath(style, id, question.title, answerId),
      id: `/questions/${id}/${answerId}`,
      published: Number(a.created_at),
      updated: Math.max(Number(a.created_at), Number(a.updated_at)),
      authorId: String(a.user_id),
      html: a.parsed_text,
    };
  });
  return render(runtime, { title: question.title, self: `/feeds/questions/${id}.atom`, alternate: canonicalPath(style, id, question.title), entries });
}

/** Titles in slugs may hold any letters: the path as it goes into a URL. */
const canonicalPath = (style: number, questionId: string, title: string, answerId?: string) => encodeURI(questionPath(style, questionId, title, answerId));

async function questionEntries(runtime: Runtime, rows: QuestionRow[]): Promise<Entry[]> {
  const style = (await loadSiteSettings(runtime)).seo.permalink;
  return rows.map((q) => {
    const id = String(q.id);
    return {
      title: q.title,
      link: canonicalPath(style, id, q.title),
      id: `/questions/${id}`,
      published: Number(q.created_at),
      updated: lastActivity(q),
      authorId: String(q.user_id),
      html: q.parsed_text,
    };
  });
}

/** An Atom 1.0 document (RFC 4287); links are absolute on the site URL, relative ones in content resolve through xml:base. */
async function render(runtime: Runtime, feed: Feed): Promise<string> {
  const settings = await loadSiteSettings(runtime);
  const base = siteBase(settings.general.site_url);
  const url = (path: string) => escapeXml(base + path);
  const users = await loadUserBasics(runtime, feed.entries.map((e) => e.authorId));
  // A feed changes when its newest entry does; an empty one has nothing older to point to.
  const updated = feed.entries.length ? Math.max(...feed.entries.map((e) => e.updated)) : Math.floor(Date.now() / 1000);
  const entries = feed.entries.map((e) =>
    [
      '<entry>',
      `<title>${escapeXml(e.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${url(e.link)}"/>`,
      `<id>${url(e.id)}</id>`,
      `<published>${w3cDate(e.published)}</published>`,
      `<updated>${w3cDate(e.updated)}</updated>`,
      `<author><name>${escapeXml(users.get(e.authorId)?.display_name || settings.general.name)}</name></author>`,
      `<summary>${escapeXml(excerpt(e.html))}</summary>`,
      // Stored posts are already sanitised HTML (core/markdown.ts); escaped once more as Atom's type="html" asks.
      `<content type="html">${escapeXml(e.html)}</content>`,
      '</entry>',
    ].join('\n'),
  );
  return [
    `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(base)}/">`,
    `<title>${escapeXml(feed.title)}</title>`,
    `<id>${url(feed.self)}</id>`,
    `<link rel="self" type="application/atom+xml" href="${url(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${url(feed.alternate)}"/>`,
    `<updated>${w3cDate(updated)}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
