import { terms } from './terms.js';

/**
 * A search query read into its parts (domain.md 10.2, 10.3). Text becomes phrases of terms that
 * must all appear (each word is a phrase of one term, or of its bigrams for CJK); operators become
 * filters. Differences from upstream, on purpose: words are ANDed (upstream ORs them, so adding a
 * word widened the results), quoted phrases match as phrases (upstream kept the quotes inside its
 * LIKE pattern), tags may contain - . + # (upstream's `\w` missed `[my-tag]`), and `user:` and
 * `score:` apply whatever the scope.
 */
export interface ParsedQuery {
  /** Every phrase must match; terms of a phrase are consecutive. */
  phrases: string[][];
  /** What the reader typed for each phrase, to highlight in excerpts. */
  surfaces: string[];
  tags: string[];
  user?: string;
  minScore?: number;
  minAnswers?: number;
  minViews?: number;
  /** answers:0 / score:0 mean exactly zero (domain.md 10.3). */
  exactZero: { score: boolean; answers: boolean };
  scope: 'all' | 'question' | 'answer' | 'none';
  acceptedAnswers?: boolean;
  hasAccepted?: boolean;
  inQuestion?: string;
}

/** Upstream uses at most 5 words and 5 tag groups. */
const MAX_PHRASES = 5;
const MAX_TAGS = 5;
const TAG = /^\[([^[\]\s]+)\]$/;
const OPERATOR = /^(\w+):(\S+)$/;
const COUNT = /^\d{1,9}$/;

export function parseQuery(q: string): ParsedQuery {
  const parsed: ParsedQuery = { phrases: [], surfaces: [], tags: [], exactZero: { score: false, answers: false }, scope: 'all' };
  const scopes = new Set<'question' | 'answer'>();
  const addText = (surface: string) => {
    const found = terms(surface);
    if (!found.length || parsed.phrases.length >= MAX_PHRASES) return;
    parsed.phrases.push(found);
    parsed.surfaces.push(surface);
  };
  // Quoted phrases first, so an operator inside quotes is text.
  const rest = q.replace(/"([^"]*)"/g, (_, phrase: string) => {
    addText(phrase.trim());
    return ' ';
  });
  for (const token of rest.split(/\s+/).filter(Boolean)) {
    const tag = TAG.exec(token);
    if (tag) {
      if (parsed.tags.length < MAX_TAGS) parsed.tags.push(tag[1]!.toLowerCase());
      continue;
    }
    const op = OPERATOR.exec(token);
    if (!op || !applyOperator(parsed, scopes, op[1]!.toLowerCase(), op[2]!)) addText(token);
  }
  parsed.tags = [...new Set(parsed.tags)];
  if (scopes.size > 1) parsed.scope = 'none';
  else if (scopes.size === 1) parsed.scope = [...scopes][0]!;
  return parsed;
}

/** False when the token is not an operator after all (unknown key, malformed value): it is text then. */
function applyOperator(p: ParsedQuery, scopes: Set<'question' | 'answer'>, key: string, value: string): boolean {
  const v = value.toLowerCase();
  const count = COUNT.test(value) ? Number(value) : undefined;
  switch (key) {
    case 'user':
      p.user = value;
      return true;
    case 'score':
      if (count === undefined) return false;
      p.minScore = count;
      p.exactZero.score = count === 0;
      return true;
    case 'answers':
      if (count === undefined) return false;
      p.minAnswers = count;
      p.exactZero.answers = count === 0;
      scopes.add('question');
      return true;
    case 'views':
      if (count === undefined) return false;
      p.minViews = count;
      scopes.add('question');
      return true;
    case 'is':
      if (v === 'question' || v === 'answer') scopes.add(v);
      else if (v === 'accepted') {
        p.acceptedAnswers = true;
        scopes.add('answer');
      } else return false;
      return true;
    case 'isaccepted':
      if (v !== 'yes') return false;
      p.acceptedAnswers = true;
      scopes.add('answer');
      return true;
    case 'hasaccepted':
      if (v !== 'yes' && v !== 'no') return false;
      p.hasAccepted = v === 'yes';
      scopes.add('question');
      return true;
    case 'inquestion':
      p.inQuestion = value;
      scopes.add('answer');
      return true;
    default:
      return false;
  }
}
