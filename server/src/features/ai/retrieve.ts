import type { AnswerItem, QuestionInfo } from '@answer/contract';
import type { SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import type { ApiCall } from '../mcp/tools.js';
import { questionPath } from '../question/permalink.js';
import { search } from '../search/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { type Source, SourceBook, trimForModel } from './sources.js';

/**
 * What the assistant may read, always as the member asking: searches go through the site's search
 * service with the member as viewer, and a question is read through the API's own calls with the
 * member's credentials (the MCP tools' runner), so the one visibility rule decides what the model
 * ever sees: no deleted, pending or unlisted post the member may not see, nothing of a private site
 * for someone who may not read it.
 */
export interface Reader {
  runtime: Runtime;
  user: SessionUser;
  api: ApiCall;
  /** Vector neighbours of a text (semantic search), [] when it is off. */
  neighbours?: (text: string, limit: number) => Promise<Array<{ question_id: string; object_id: string }>>;
}

const QUESTION_CHARS = 1500;
const ANSWER_CHARS = 1200;
const ANSWERS_PER_QUESTION = 3;
const QUESTIONS_PER_SEARCH = 3;

const STOP_WORDS = new Set(
  'a an the and or but if then else of to in on at for with by from is are was were be been being do does did doing how what why when where which who whom whose can could should would will shall may might must i me my mine you your yours he him his she her it its we us our they them their this that these those there here not no yes as about into onto over under up down out so than too very just also any some all each every more most other such only own same again once get gets got have has had having make makes made want need use using used way ways thing things please help anyone someone know tell'.split(
    ' ',
  ),
);

/**
 * The words of a question worth searching for, longest first: operators' characters are dropped, so
 * a member's text can never turn into a search operator (`user:`, `[tag]`, quotes).
 */
export function keywords(text: string, max = 6): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#._-]*/gu) ?? [];
  const kept = [...new Set(words.map((w) => w.replace(/[._-]+$/, '')).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
  return kept.sort((a, b) => b.length - a.length).slice(0, max);
}

async function hits(reader: Reader, query: string, size: number) {
  if (!query.trim()) return [];
  const page = await search(reader.runtime, reader.user, { q: query, order: 'relevance', page: 1, size });
  return page.list.map((r) => ({ question_id: r.object.question_id || r.object.id, object_id: r.object.id }));
}

/**
 * The questions most about `text`: all its keywords together first; when that finds little, each
 * keyword alone, questions found by more keywords ranked first; vector neighbours fused in when
 * semantic search is on. Answers found are kept so their question is read with them.
 */
export async function findQuestions(reader: Reader, text: string, limit = QUESTIONS_PER_SEARCH): Promise<Array<{ question_id: string; focus: string[] }>> {
  const words = keywords(text);
  const score = new Map<string, { score: number; focus: Set<string> }>();
  const note = (list: Array<{ question_id: string; object_id: string }>, weight: number) =>
    list.forEach((h, rank) => {
      const entry = score.get(h.question_id) ?? { score: 0, focus: new Set<string>() };
      entry.score += weight / (60 + rank);
      if (h.object_id !== h.question_id) entry.focus.add(h.object_id);
      score.set(h.question_id, entry);
    });
  const together = await hits(reader, words.join(' '), 8);
  note(together, 2);
  if (together.length < limit) for (const word of words.slice(0, 4)) note(await hits(reader, word, 8), 1);
  if (reader.neighbours) note(await reader.neighbours(text, 8), 2);
  return [...score.entries()]
    .sort((a, b) => b[1].score - a[1].score)
    .slice(0, limit)
    .map(([question_id, e]) => ({ question_id, focus: [...e.focus] }));
}

/**
 * Reads a question with its best answers (accepted first, then by votes, plus any answer a search
 * pointed at) into the book; the sources added, [] when the member may not see the question.
 */
export async function readQuestion(reader: Reader, book: SourceBook, questionId: string, focus: string[] = []): Promise<Source[]> {
  const question = await reader.api('GET', `/question/info?id=${encodeURIComponent(questionId)}`);
  if (question.status !== 200 || !question.body.data) return [];
  const q = question.body.data as QuestionInfo;
  const answers = await reader.api('GET', `/answer/page?question_id=${encodeURIComponent(q.id)}&page=1&page_size=50`);
  const list = answers.status === 200 ? ((answers.body.data as { list?: AnswerItem[] })?.list ?? []) : [];
  const { seo } = await loadSiteSettings(reader.runtime);
  const added = [
    book.add({ kind: 'question', object_id: q.id, question_id: q.id, title: q.title, url: questionPath(seo.permalink, q.id, q.title), text: trimForModel(q.content, QUESTION_CHARS) }),
  ];
  const best = [...list].sort((a, b) => Number(b.accepted === 2) - Number(a.accepted === 2) || b.vote_count - a.vote_count);
  const chosen = [...best.filter((a) => focus.includes(a.id)), ...best.slice(0, ANSWERS_PER_QUESTION)];
  for (const a of chosen) {
    added.push(
      book.add({ kind: 'answer', object_id: a.id, question_id: q.id, title: q.title, url: questionPath(seo.permalink, q.id, q.title, a.id), text: trimForModel(a.content, ANSWER_CHARS) }),
    );
  }
  return [...new Set(added)];
}

/** Finds and reads the questions about `text`; the sources added. */
export async function retrieve(reader: Reader, book: SourceBook, text: string): Promise<Source[]> {
  const found: Source[] = [];
  for (const { question_id, focus } of await findQuestions(reader, text)) found.push(...(await readQuestion(reader, book, question_id, focus)));
  return found;
}
