import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { count, problem } from '../report.js';
import { type ImportContext, int, NOTHING, type Write } from './context.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew, slices } from '../insert-new.js';

/** Tags as a question's Tags attribute lists them: `<a><b>` in older dumps, `|a|b|` in newer ones. */
export function tagNames(text: string | undefined): string[] {
  if (!text) return [];
  const names = text.startsWith('<') ? text.slice(1, -1).split('><') : text.split('|');
  return [...new Set(names.map(slugOf).filter(Boolean))];
}

const slugOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-').slice(0, 35);

/** The site's tags by slug, so a dump's tag that already exists here is merged into it. */
export async function loadSiteTags(ctx: ImportContext): Promise<void> {
  const rows = await ctx.db.selectFrom('tag').select(['id', 'slug_name']).execute();
  for (const r of rows) ctx.tags.set(r.slug_name, String(r.id));
}

/** Tags.xml: one tag per row; its excerpt and wiki are posts (types 4 and 5) read with Posts.xml. */
export function importTags(ctx: ImportContext, rows: DumpRow[]): Write {
  const fresh: object[] = [];
  const t = Math.floor(Date.now() / 1000);
  for (const row of rows) {
    const seId = int(row.attrs.Id);
    const slug = slugOf(row.attrs.TagName ?? '');
    if (seId === null || !slug) {
      problem(ctx.report, `Tags.xml line ${row.line}: a tag without an Id or a name, left out`);
      continue;
    }
    ctx.nextTag = Math.max(ctx.nextTag, seId + 1);
    for (const [attr, part] of [['ExcerptPostId', 'excerpt'], ['WikiPostId', 'wiki']] as const) {
      const postId = int(row.attrs[attr]);
      if (postId !== null) ctx.tagTexts.set(postId, { slug, part });
    }
    count(ctx.report, 'tags');
    if (ctx.tags.has(slug)) continue;
    ctx.tags.set(slug, ctx.ids.tag(seId));
    fresh.push({ id: ctx.ids.tag(seId), created_at: t, updated_at: t, slug_name: slug, display_name: row.attrs.TagName!.trim().slice(0, 35), status: 1 });
  }
  if (ctx.dryRun) return NOTHING;
  return async (trx) => {
    await insertNew(trx, 'tag', fresh);
  };
}

/**
 * Our ids of a question's tags; a tag Tags.xml did not list (or a dump without Tags.xml) is added
 * to `fresh` for the caller to write, numbered after the dump's own tags and after any such tag an
 * earlier run added.
 */
export function tagIdsOf(ctx: ImportContext, names: string[], at: number, fresh: object[]): string[] {
  const out: string[] = [];
  for (const slug of names) {
    let id = ctx.tags.get(slug);
    if (!id) {
      id = ctx.ids.tag(extraNumber(ctx));
      ctx.tags.set(slug, id);
      count(ctx.report, 'tags');
      fresh.push({ id, created_at: at, updated_at: at, slug_name: slug, display_name: slug, status: 1 });
    }
    out.push(id);
  }
  return out;
}

function extraNumber(ctx: ImportContext): number {
  if (!ctx.extraTagsCounted) {
    // First extra tag of this run: past every tag id of this dump's range already in the site.
    for (const id of ctx.tags.values()) {
      const seq = ctx.ids.sequenceOf(id);
      if (seq > 0 && ctx.ids.tag(seq) === id) ctx.nextTag = Math.max(ctx.nextTag, seq + 1);
    }
    ctx.nextTag = Math.max(ctx.nextTag, 1);
    ctx.extraTagsCounted = true;
  }
  return ctx.nextTag++;
}

/**
 * A tag's excerpt and wiki become its description: the wiki is written as its post is read, and
 * the excerpts (short, kept until the end of Posts.xml) are put in front of it afterwards.
 */
export async function writeTagWiki(ctx: ImportContext, trx: Transaction<Database>, slug: string, markdown: string, html: string): Promise<void> {
  const id = ctx.tags.get(slug);
  if (id) await trx.updateTable('tag').set({ original_text: markdown, parsed_text: html }).where('id', '=', id).execute();
}

export async function writeTagExcerpts(ctx: ImportContext, excerpts: Map<string, string>): Promise<void> {
  const bySlug = [...excerpts].filter(([slug]) => ctx.tags.has(slug));
  for (const part of slices(bySlug, 500)) {
    await ctx.db.transaction().execute(async (trx) => {
      const ids = part.map(([slug]) => ctx.tags.get(slug)!);
      const wikis = new Map((await trx.selectFrom('tag').select(['id', 'original_text']).where('id', 'in', ids).execute()).map((r) => [String(r.id), r.original_text]));
      const texts = part.map(([slug, excerpt]) => {
        const wiki = wikis.get(ctx.tags.get(slug)!) ?? '';
        return wiki.startsWith(excerpt) ? wiki : [excerpt, wiki].filter(Boolean).join('\n\n');
      });
      // Rendered on the conversion threads, which render every other text of the import.
      const rendered = await ctx.pool.convert(texts.map((markdown) => ({ markdown })));
      for (const [i, [slug]] of part.entries()) {
        await trx.updateTable('tag').set({ original_text: texts[i]!, parsed_text: rendered[i]!.html }).where('id', '=', ctx.tags.get(slug)!).execute();
      }
    });
  }
}
