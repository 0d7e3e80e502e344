import { plainText, renderBasic, renderMarkdown } from '../../../core/markdown.js';
import { terms } from '../../search/terms.js';
import { dumpPostHtml } from './dump-html.js';
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
 * (Markdown in the dump) rendered like one written here.
 */
export function convert(job: ConvertJob): Converted {
  const markdown = job.markdown ?? htmlToMarkdown(job.html ?? '');
  let html = '';
  if (markdown && !job.markdownOnly) {
    if (job.basic) html = renderBasic(markdown);
    else html = job.markdown === undefined && !job.rendered ? dumpPostHtml(job.html ?? '') : renderMarkdown(markdown);
  }
  return {
    markdown,
    html,
    titleTerms: job.index ? terms(job.title ?? '') : [],
    bodyTerms: job.index ? terms(plainText(html)) : [],
  };
}
