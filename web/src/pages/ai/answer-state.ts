import type { AiChatChunk, AiCitation, AiConversationRecord } from '../../api/ai-chat';

export type Vote = 'helpful' | 'unhelpful' | null;

/** One answer of the assistant, streaming or stored. */
export interface AnswerState {
  /** The chat_completion_id that votes and reports name ('' until the first chunk). */
  id: string;
  status: 'streaming' | 'done' | 'error' | 'stopped';
  /** The plain text as it streams in. */
  text: string;
  step: AiChatChunk['step'] | null;
  /** The server's sanitised HTML of the whole answer ('' until the last chunk). */
  html: string;
  citations: AiCitation[];
  grounded: boolean;
  /** The server's translated message when it failed. */
  error: string;
  vote: Vote;
  reported: boolean;
}

/** A question the member asked and the assistant's answer to it. */
export interface Turn {
  key: string;
  question: string;
  answer: AnswerState;
}

export const streamingAnswer = (): AnswerState => ({
  id: '',
  status: 'streaming',
  text: '',
  step: null,
  html: '',
  citations: [],
  grounded: true,
  error: '',
  vote: null,
  reported: false,
});

/** The answer after one chunk of the stream. */
export function applyChunk(answer: AnswerState, chunk: AiChatChunk): AnswerState {
  const choice = chunk.choices?.[0];
  const next: AnswerState = { ...answer, id: chunk.chat_completion_id || chunk.id || answer.id };
  if (chunk.step) next.step = chunk.step;
  if (choice?.delta?.content) next.text += choice.delta.content;
  if (chunk.error || choice?.finish_reason === 'error') return { ...next, status: 'error', error: chunk.error?.msg ?? '' };
  if (!choice?.finish_reason) return next;
  const citations = chunk.citations ?? [];
  return { ...next, status: 'done', step: null, html: chunk.html ?? '', citations, grounded: chunk.grounded ?? citations.length > 0 };
}

/** A stored conversation's records (question, answer, question, answer…) as turns. */
export function turnsOf(records: AiConversationRecord[]): Turn[] {
  const turns: Turn[] = [];
  for (const record of records) {
    if (record.role === 'user') {
      turns.push({ key: record.chat_completion_id || `q${turns.length}`, question: record.content, answer: { ...streamingAnswer(), status: 'stopped' } });
      continue;
    }
    const answer: AnswerState = {
      ...streamingAnswer(),
      id: record.chat_completion_id,
      status: 'done',
      text: record.content,
      html: record.html,
      citations: record.citations,
      grounded: record.grounded,
      vote: record.helpful ? 'helpful' : record.unhelpful ? 'unhelpful' : null,
      reported: record.reported,
    };
    const last = turns.at(-1);
    if (last && last.answer.status === 'stopped' && !last.answer.id) last.answer = answer;
    else turns.push({ key: record.chat_completion_id || `a${turns.length}`, question: '', answer });
  }
  return turns;
}
