import type { AiCitation } from '@answer/contract';
import { t } from '../../core/i18n.js';
import type { Runtime } from '../../runtime.js';
import { answerHtml } from './answer-html.js';
import { type ChatMessage, type ChatProvider, streamChatCompletion, type ToolCall } from './chat-provider.js';
import { NO_ANSWER, sourcesMessage, systemMessage, TOOLS, toolResult } from './prompt.js';
import { type Reader, readQuestion, retrieve } from './retrieve.js';
import { type Source, SourceBook } from './sources.js';
import { reserveTokens, settleTokens } from './usage.js';

/**
 * One answer of the assistant: retrieve what the member may see about the question, then let the
 * model answer from it, calling the site's read tools for more (at most MAX_ROUNDS calls), while
 * its text streams to the member. Every provider call first reserves its tokens from the monthly
 * budget (usage.ts) and settles to the reported usage after.
 */
export const MAX_ROUNDS = 4;
export const MAX_ANSWER_TOKENS = 800;

export class BudgetSpent extends Error {}

export interface TurnInput {
  runtime: Runtime;
  reader: Reader;
  provider: ChatProvider;
  lang: string;
  siteName: string;
  sitePrompt: string;
  /** Earlier turns of the conversation, oldest first. */
  history: ChatMessage[];
  question: string;
  /** Text as it comes; the first call opens the member's stream. */
  onText: (piece: string) => void;
  onStep: (step: { kind: 'searching' | 'reading'; detail: string }) => void;
  signal: AbortSignal;
}

export interface TurnResult {
  content: string;
  citations: AiCitation[];
  grounded: boolean;
  html: string;
  tokens: number;
}

/** A rough token count (about four characters each) for reservations and silent providers. */
const estimate = (text: string) => Math.ceil(text.length / 4);

/**
 * Holds back the start of the text while it may still be the NO_ANSWER marker, so the marker never
 * reaches the member; everything else passes through as it arrives.
 */
function markerFilter(forward: (piece: string) => void) {
  let held = '';
  let decided: 'text' | 'marker' | null = null;
  return {
    push(piece: string) {
      if (decided === 'text') return forward(piece);
      if (decided === 'marker') return;
      held += piece;
      const start = held.trimStart();
      if (start.startsWith(NO_ANSWER)) decided = 'marker';
      else if (!NO_ANSWER.startsWith(start)) {
        decided = 'text';
        forward(held);
      }
    },
    get marker() {
      return decided === 'marker' || (decided === null && held.trim() === NO_ANSWER);
    },
    /** Text held back that turned out not to be the marker (a very short answer). */
    flush() {
      if (decided === null && held.trim() && held.trim() !== NO_ANSWER) {
        decided = 'text';
        forward(held);
      }
    },
  };
}

async function runTool(input: TurnInput, book: SourceBook, call: ToolCall): Promise<Source[]> {
  let args: Record<string, unknown> = {};
  try {
    args = JSON.parse(call.function.arguments || '{}') as Record<string, unknown>;
  } catch {
    return [];
  }
  if (call.function.name === 'search_site' && typeof args.query === 'string') {
    const query = args.query.slice(0, 200);
    input.onStep({ kind: 'searching', detail: query });
    return retrieve(input.reader, book, query);
  }
  if (call.function.name === 'read_question' && typeof args.question_id === 'string' && /^[0-9A-Za-z]{1,40}$/.test(args.question_id)) {
    input.onStep({ kind: 'reading', detail: args.question_id });
    return readQuestion(input.reader, book, args.question_id);
  }
  return [];
}

export async function runTurn(input: TurnInput): Promise<TurnResult> {
  const book = new SourceBook();
  const found = await retrieve(input.reader, book, input.question);
  const messages: ChatMessage[] = [
    systemMessage(input.siteName, input.lang, input.sitePrompt),
    ...input.history,
    sourcesMessage(found),
    { role: 'user', content: input.question },
  ];
  let text = '';
  let tokens = 0;
  const filter = markerFilter((piece) => {
    text += piece;
    input.onText(piece);
  });

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const last = round === MAX_ROUNDS - 1;
    const promptEstimate = estimate(JSON.stringify(messages)) + (last ? 0 : 200);
    const reservation = await reserveTokens(input.runtime, promptEstimate + MAX_ANSWER_TOKENS);
    if (!reservation) throw new BudgetSpent();
    let result;
    try {
      result = await streamChatCompletion(input.provider, { messages, tools: TOOLS, toolChoice: last ? 'none' : 'auto', maxTokens: MAX_ANSWER_TOKENS }, (piece) => filter.push(piece), input.signal);
    } catch (error) {
      await settleTokens(input.runtime, reservation, text ? promptEstimate : 0);
      throw error;
    }
    const used = result.tokens ?? promptEstimate + estimate(result.content);
    await settleTokens(input.runtime, reservation, used);
    tokens += used;
    if (!result.toolCalls.length || last) break;
    messages.push({ role: 'assistant', content: result.content || null, tool_calls: result.toolCalls });
    for (const call of result.toolCalls) {
      messages.push({ role: 'tool', tool_call_id: call.id, content: toolResult(await runTool(input, book, call)) });
    }
  }
  filter.flush();

  if (filter.marker || !text.trim()) {
    const content = t(input.lang, 'ai.no_answer');
    input.onText(content);
    return { content, citations: [], grounded: false, html: answerHtml(content, []), tokens };
  }
  const citations = book.cited(text);
  return { content: text, citations, grounded: citations.length > 0, html: answerHtml(text, citations), tokens };
}

