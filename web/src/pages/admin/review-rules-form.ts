import type { ReviewSettings } from '../../api/review';

/** The review-rule settings as the form edits them: numbers and word lists as text. */
export interface ReviewRulesForm {
  reputation_below: string;
  first_posts: string;
  review_words: string;
  delete_words: string;
  max_links: string;
}

export const toForm = (s: ReviewSettings): ReviewRulesForm => ({
  reputation_below: String(s.reputation_below),
  first_posts: String(s.first_posts),
  review_words: s.review_words.join('\n'),
  delete_words: s.delete_words.join('\n'),
  max_links: s.max_links === null ? '' : String(s.max_links),
});

/** One word or phrase a line (commas separate too); empty lines are dropped. */
export const wordList = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** An empty number field is 0 (the rule is off), except the link limit, where empty means no limit. Bad numbers go to the server, which names the field. */
const number = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));

export const fromForm = (f: ReviewRulesForm): ReviewSettings => ({
  reputation_below: number(f.reputation_below),
  first_posts: number(f.first_posts),
  review_words: wordList(f.review_words),
  delete_words: wordList(f.delete_words),
  max_links: f.max_links.trim() === '' ? null : Number(f.max_links.trim()),
});
