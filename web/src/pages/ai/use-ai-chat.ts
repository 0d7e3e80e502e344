import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { AI_KEYS, newConversationId, streamChat } from '../../api/ai-chat';
import { type AnswerState, type Turn, applyChunk, streamingAnswer } from './answer-state';

/**
 * The questions asked on this page and their answers as they stream in. `conversationId` is the
 * address's; a new conversation gets its id here with the first question and `onCreated` puts it in
 * the address. Another conversation chosen (or a new one) starts afresh; leaving stops the stream.
 */
export function useAiChat(conversationId: string | undefined, onCreated: (id: string) => void, failedMsg: string) {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const active = useRef(conversationId);
  // The conversation begun on this page and shown since: its answers are here, nothing to load.
  const created = useRef<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (conversationId === active.current) return;
    running.current?.abort();
    active.current = conversationId;
    // Coming back to it later loads it like any other.
    created.current = null;
    setTurns([]);
  }, [conversationId]);
  useEffect(() => () => running.current?.abort(), []);

  const update = (key: string, change: (answer: AnswerState) => AnswerState) =>
    setTurns((list) => list.map((turn) => (turn.key === key ? { ...turn, answer: change(turn.answer) } : turn)));

  const ask = useCallback(
    async (question: string) => {
      let id = active.current;
      if (!id) {
        id = newConversationId();
        created.current = id;
        active.current = id;
        onCreated(id);
      }
      const key = `live-${Date.now()}-${Math.random()}`;
      setTurns((list) => [...list, { key, question, answer: streamingAnswer() }]);
      const controller = new AbortController();
      running.current = controller;
      setBusy(true);
      try {
        await streamChat({ question, conversationId: id }, (chunk) => update(key, (a) => applyChunk(a, chunk)), controller.signal);
        // A stream that ended without its last chunk: what arrived is the answer.
        update(key, (a) => (a.status === 'streaming' ? { ...a, status: 'done', step: null } : a));
      } catch (error) {
        if (controller.signal.aborted) update(key, (a) => ({ ...a, status: 'stopped', step: null }));
        else update(key, (a) => ({ ...a, status: 'error', step: null, error: isApiError(error) && error.msg ? error.msg : failedMsg }));
      } finally {
        if (running.current === controller) running.current = null;
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: AI_KEYS.conversations });
        // The stored copy lacks this turn: loaded afresh when the conversation is opened again.
        void queryClient.invalidateQueries({ queryKey: AI_KEYS.conversation(id), refetchType: 'none' });
        void queryClient.invalidateQueries({ queryKey: AI_KEYS.status });
      }
    },
    [onCreated, failedMsg, queryClient],
  );

  const stop = useCallback(() => running.current?.abort(), []);
  const isCreatedHere = (id: string | undefined) => Boolean(id && created.current === id);
  return { turns, busy, ask, stop, isCreatedHere, patch: update, replace: setTurns };
}
