import { SEARCH_ORDERS, type SearchOrder } from '../../api/search';

/** The server reads at most this many tags and words (domain.md 10.3) and 60 characters. */
export const MAX_TAGS = 5;
export const MAX_WORDS = 5;
export const MAX_QUERY_LENGTH = 60;

/**
 * What a query asks for, read the way the server reads it (server/src/features/search/parse.ts,
 * domain.md 10.3 with its fixes): quoted phrases first, then `[tag]`s, `key:value` operators and
 * words, every word and phrase required. The page says it back so a mistyped operator is noticed.
 */
export interface ParsedQuery {
  /** Words and phrases as typed, at most five. */
  words: string[];
  tags: string[];
  /** Conditions from operators, in the order typed. */
  filters: SearchFilter[];
  /** Operators limited the search to questions and to answers at once: nothing can match. */
  conflict: boolean;
}

export type SearchFilter =
  | { kind: 'user'; value: string }
  | { kind: 'score'; value: number }
  | { kind: 'is'; value: 'question' | 'answer' }
  | { kind: 'hasaccepted'; value: boolean }
  | { kind: 'isaccepted' }
  | { kind: 'views'; value: number }
  | { kind: 'answers'; value: number }
  | { kind: 'inquestion'; value: string };

const TAG = /^\[([^[\]\s]+)\]$/;
const OPERATOR = /^(\w+):(\S+)$/;
const COUNT = /^\d{1,9}$/;
// A token without a letter or digit gives the server no term to look for.
const HAS_TERM = /[\p{L}\p{N}]/u;

/** An operator token as a filter with the scope it forces, or null when the server searches it as a word. */
function filterOf(token: string): { filter: SearchFilter; scope?: 'question' | 'answer' } | null {
  const match = OPERATOR.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const key = match[1].toLowerCase();
  const value = match[2];
  const v = value.toLowerCase();
  const n = COUNT.test(value) ? Number(value) : null;
  switch (key) {
    case 'user':
      return { filter: { kind: 'user', value } };
    case 'score':
      return n === null ? null : { filter: { kind: 'score', value: n } };
    case 'answers':
      return n === null ? null : { filter: { kind: 'answers', value: n }, scope: 'question' };
    case 'views':
      return n === null ? null : { filter: { kind: 'views', value: n }, scope: 'question' };
    case 'is':
      if (v === 'question' || v === 'answer') return { filter: { kind: 'is', value: v }, scope: v };
      return v === 'accepted' ? { filter: { kind: 'isaccepted' }, scope: 'answer' } : null;
    case 'isaccepted':
      return v === 'yes' ? { filter: { kind: 'isaccepted' }, scope: 'answer' } : null;
    case 'hasaccepted':
      return v === 'yes' || v === 'no' ? { filter: { kind: 'hasaccepted', value: v === 'yes' }, scope: 'question' } : null;
    case 'inquestion':
      return { filter: { kind: 'inquestion', value }, scope: 'answer' };
    default:
      return null;
  }
}

export function parseQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = { words: [], tags: [], filters: [], conflict: false };
  const scopes = new Set<string>();
  const addWord = (word: string) => {
    if (HAS_TERM.test(word) && parsed.words.length < MAX_WORDS) parsed.words.push(word);
  };
  // Quoted phrases first, so an operator inside quotes is text.
  const rest = query.replace(/"([^"]*)"/g, (_, phrase: string) => {
    addWord(phrase.trim());
    return ' ';
  });
  for (const token of rest.split(/\s+/).filter(Boolean)) {
    const tag = TAG.exec(token)?.[1]?.toLowerCase();
    const operator = tag ? null : filterOf(token);
    if (tag) {
      if (parsed.tags.length < MAX_TAGS && !parsed.tags.includes(tag)) parsed.tags.push(tag);
    } else if (operator) {
      parsed.filters.push(operator.filter);
      if (operator.scope) scopes.add(operator.scope);
    } else addWord(token);
  }
  parsed.conflict = scopes.size > 1;
  return parsed;
}

/** The search page's state in its address: `?q=&order=&page=`, defaults left out. */
export interface SearchState {
  q: string;
  order: SearchOrder;
  page: number;
}

export function readSearchState(params: URLSearchParams): SearchState {
  const order = SEARCH_ORDERS.find((o) => o === params.get('order')) ?? 'relevance';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { q: (params.get('q') ?? '').trim(), order, page };
}

export function searchHref(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.order !== 'relevance') params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `/search${text ? `?${text}` : ''}`;
}

/** The query with `token` added, unless it is already there (operator help's examples). */
export function addOperator(query: string, token: string): string {
  const current = query.trim();
  if (current.split(/\s+/).includes(token)) return current;
  return current ? `${current} ${token}` : token;
}

/**
 * The server's excerpt (escaped plain text whose matched words are wrapped in <em>) as runs of
 * text, the matched ones marked. It is parsed, never inserted: only text is kept, so whatever else
 * might be in it cannot become markup on the page.
 */
export function excerptRuns(html: string): { text: string; hit: boolean }[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const runs: { text: string; hit: boolean }[] = [];
  for (const node of body.childNodes) {
    const text = node.textContent ?? '';
    if (text) runs.push({ text, hit: node.nodeName === 'EM' });
  }
  return runs;
}
