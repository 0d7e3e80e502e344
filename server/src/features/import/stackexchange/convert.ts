import { plainText, renderBasic, renderMarkdownMany } from '../../../core/markdown.js';
import { terms } from '../../search/terms.js';
import { dumpPostHtmls } from './dump-html.js';
import { htmlToMarkdown } from './html-markdown.js';

/** A text to convert: a body in HTML (posts, bios), or in Markdown already (comments). */
export interface ConvertJob {
  html?: string;
  markdown?: string;
  /** A question's title, for its search terms. */
  title?: string;
  /** Whether the search index needs its terms. */
  index?: boolean;
  /** A profile text: rendered with the short-text rules (bios), not as a post. */
  basic?: boolean;
  /** Only the Markdown is kept (tag excerpts, joined to their wiki later): no HTML is made. */
  markdownOnly?: boolean;
  /** The HTML is the converted Markdown rendered, as a tag description written here is (tag wikis). */
  rendered?: boolean;
}

export interface Converted {
  markdown: string;
  html: string;
  titleTerms: string[];
  bodyTerms: string[];
}

/**
 * The costly part of importing a post, done off the writing thread (convert-pool.ts) when it can be.
 * A post's HTML is the dump's own, sanitised (dump-html.ts), and its Markdown, for editing, is
 * converted from it; a bio is rendered from its Markdown with the short-text rules, and a comment
 * (Markdown in the dump) rendered like one written here. Jobs come many at a time so that the
 * sanitiser runs once for many texts (dumpPostHtmls, renderMarkdownMany); each result is what
 * converting its job alone gives.
 */
export function convertAll(jobs: readonly ConvertJob[]): Converted[] {
  const markdowns = jobs.map((job) => job.markdown ?? htmlToMarkdown(job.html ?? ''));
  const html: string[] = new Array(jobs.length).fill('');
  const dumpHtml: number[] = [];
  const rendered: number[] = [];
  jobs.forEach((job, i) => {
    if (!markdowns[i] || job.markdownOnly) return;
    if (job.basic) html[i] = renderBasic(markdowns[i]!);
    else if (job.markdown === undefined && !job.rendered) dumpHtml.push(i);
    else rendered.push(i);
  });
  dumpPostHtmls(dumpHtml.map((i) => jobs[i]!.html ?? '')).forEach((out, n) => (html[dumpHtml[n]!] = out));
  renderMarkdownMany(rendered.map((i) => markdowns[i]!)).forEach((out, n) => (html[rendered[n]!] = out));
  return jobs.map((job, i) => ({
    markdown: markdowns[i]!,
    html: html[i]!,
    titleTerms: job.index ? terms(job.title ?? '') : [],
    bodyTerms: job.index ? terms(plainText(html[i]!)) : [],
  }));
}
