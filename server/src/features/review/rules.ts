import type { ReviewSettings } from '@answer/contract';

/**
 * Post moderation before publication (domain.md 5.11). A review rule looks at a new question or
 * answer and says whether it may go out at once, must wait in the queue, or is deleted directly.
 * Upstream leaves all of it to reviewer plugins; here the site's own rules (from the `review`
 * settings) are the built-in reviewer plugin (plugin.ts), asked before the others (gate.ts).
 */
export interface ReviewPost {
  objectType: 'question' | 'answer';
  /** The question's title; empty for an answer. */
  title: string;
  /** Markdown as written, and the rendered HTML. */
  content: string;
  html: string;
  /** Tag slugs of a question; empty for an answer. */
  tags: string[];
  author: {
    id: string;
    /** Reputation. */
    rank: number;
    role: 'admin' | 'moderator' | 'user';
    /** Published questions and answers, as counted on the user (pending and deleted ones are not). */
    approvedQuestions: number;
    approvedAnswers: number;
  };
}

export type ReviewDecision = 'approve' | 'need_review' | 'delete';

export interface ReviewVerdict {
  decision: ReviewDecision;
  /** Why, as a translation key and its values (shown to reviewers in their language). */
  reason?: { key: string; vars?: Record<string, string | number> };
}

export interface ReviewRule {
  /** Stable name; the review row's `submitter` is `review_rules.<name>` (plugin.ts). */
  name: string;
  review(post: ReviewPost): ReviewVerdict | Promise<ReviewVerdict>;
}

const APPROVE: ReviewVerdict = { decision: 'approve' };

/** Links in the rendered post: anchors, plus bare addresses a renderer did not turn into links. */
export function countLinks(html: string, content: string): number {
  const anchors = (html.match(/<a\s[^>]*href=/gi) ?? []).length;
  const bare = (content.replace(/\[[^\]]*\]\([^)]*\)/g, '').match(/\bhttps?:\/\/[^\s<>()]+/gi) ?? []).length;
  return Math.max(anchors, bare);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first listed word or phrase the text contains as a whole word, case-insensitively. */
export function firstListedWord(text: string, words: string[]): string | null {
  for (const word of words) {
    if (!word) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escape(word).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}_])`, 'iu');
    if (pattern.test(text)) return word;
  }
  return null;
}

const textOf = (post: ReviewPost) => [post.title, post.content, post.tags.join(' ')].join('\n');

/** The built-in rules, in the order they are asked. Each is off while its setting is empty. */
export function builtinRules(settings: ReviewSettings): ReviewRule[] {
  return [
    {
      name: 'delete_words',
      review(post) {
        const word = firstListedWord(textOf(post), settings.delete_words);
        return word ? { decision: 'delete', reason: { key: 'review.reason.delete_word', vars: { word } } } : APPROVE;
      },
    },
    {
      name: 'reputation',
      review(post) {
        const min = settings.reputation_below;
        return min > 0 && post.author.rank < min ? { decision: 'need_review', reason: { key: 'review.reason.reputation', vars: { rank: post.author.rank, min } } } : APPROVE;
      },
    },
    {
      name: 'first_posts',
      review(post) {
        const min = settings.first_posts;
        const approved = post.author.approvedQuestions + post.author.approvedAnswers;
        return min > 0 && approved < min ? { decision: 'need_review', reason: { key: 'review.reason.first_posts', vars: { approved, min } } } : APPROVE;
      },
    },
    {
      name: 'review_words',
      review(post) {
        const word = firstListedWord(textOf(post), settings.review_words);
        return word ? { decision: 'need_review', reason: { key: 'review.reason.review_word', vars: { word } } } : APPROVE;
      },
    },
    {
      name: 'links',
      review(post) {
        const max = settings.max_links;
        if (max === null || max === undefined) return APPROVE;
        const links = countLinks(post.html, post.content);
        return links > max ? { decision: 'need_review', reason: { key: 'review.reason.links', vars: { links, max } } } : APPROVE;
      },
    },
  ];
}

/**
 * Asks every rule. A delete from any rule wins; otherwise the first rule that wants a review
 * decides (its name and reason go on the review row); otherwise the post is published. Staff
 * posts are never held back.
 */
export async function judge(post: ReviewPost, settings: ReviewSettings): Promise<{ verdict: ReviewVerdict; rule: string }> {
  if (post.author.role !== 'user') return { verdict: APPROVE, rule: '' };
  let held: { verdict: ReviewVerdict; rule: string } | null = null;
  for (const rule of builtinRules(settings)) {
    const verdict = await rule.review(post);
    if (verdict.decision === 'delete') return { verdict, rule: rule.name };
    if (verdict.decision === 'need_review' && !held) held = { verdict, rule: rule.name };
  }
  return held ?? { verdict: APPROVE, rule: '' };
}
