import type { AiAskSummary } from '@answer/contract';
import { createHash } from 'node:crypto';
import type { Runtime } from '../../runtime.js';
import { answerHtml } from './answer-html.js';
import { type ChatProvider, streamChatCompletion } from './chat-provider.js';
import { NO_ANSWER, sourcesMessage, systemMessage } from './prompt.js';
import { type Reader, retrieve } from './retrieve.js';
import { SourceBook } from './sources.js';
import { reserveTokens, settleTokens } from './usage.js';

/**
 * While a member writes a question: a few sentences of what the site already says about it, with
 * citations, so a duplicate is noticed before it is posted. One provider call, no tools; the same
 * text asked again within ten minutes is answered from the cache and costs nothing.
 */
const SUMMARY_TOKENS = 300;
const CACHE_SECONDS = 600;

const INSTRUCTION = `A member is writing a new question for the site. In at most three sentences, say what the sources already say about it, citing each statement like [2], so the member can see whether it was already answered. If no source is about this question, reply with exactly ${NO_ANSWER}.`;

export class SummaryBudgetSpent extends Error {}

export async function askSummary(
  input: { runtime: Runtime; reader: Reader; provider: ChatProvider; lang: string; siteName: string; sitePrompt: string; title: string; content: string },
  charge: () => Promise<boolean>,
): Promise<AiAskSummary | null> {
  const key = `ai.summary:${input.reader.user.id}:${input.lang}:${createHash('sha256').update(`${input.title}\n${input.content}`).digest('base64url')}`;
  const cached = await input.runtime.cache.get<AiAskSummary>(key);
  if (cached) return cached;
  const book = new SourceBook();
  const question = `${input.title}\n\n${input.content.slice(0, 2000)}`;
  const found = await retrieve(input.reader, book, `${input.title} ${input.content.slice(0, 300)}`);
  const empty: AiAskSummary = { html: '', citations: [], grounded: false };
  // Nothing on the site is about it: no call, nothing charged.
  if (!found.length) return empty;
  if (!(await charge())) return null;
  const messages = [systemMessage(input.siteName, input.lang, input.sitePrompt), sourcesMessage(found), { role: 'user' as const, content: `${INSTRUCTION}\n\n${question}` }];
  const promptEstimate = Math.ceil(JSON.stringify(messages).length / 4);
  const reservation = await reserveTokens(input.runtime, promptEstimate + SUMMARY_TOKENS);
  if (!reservation) throw new SummaryBudgetSpent();
  let result;
  try {
    result = await streamChatCompletion(input.provider, { messages, maxTokens: SUMMARY_TOKENS }, () => {});
  } catch (error) {
    await settleTokens(input.runtime, reservation, 0);
    throw error;
  }
  await settleTokens(input.runtime, reservation, result.tokens ?? promptEstimate + Math.ceil(result.content.length / 4));
  const text = result.content.trim();
  const citations = text.startsWith(NO_ANSWER) ? [] : book.cited(text);
  const summary: AiAskSummary = citations.length ? { html: answerHtml(text, citations), citations, grounded: true } : empty;
  await input.runtime.cache.set(key, summary, CACHE_SECONDS);
  return summary;
}
