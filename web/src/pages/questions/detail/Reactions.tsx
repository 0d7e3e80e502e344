import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { REACTION_EMOJIS, type ReactionEmoji, type ReactionItem, react } from '../../../api/reactions';
import type { ReactionTooltip as ReactionTooltipType } from './ReactionTooltip';
import { reactionsQuery } from './queries';
import { isActive, toggleReaction } from './reaction-summary';
import { useMemberGate } from './useMemberGate';
import { useOptimisticValue } from './useOptimisticValue';

const GLYPHS: Record<ReactionEmoji, string> = { heart: '❤️', smile: '😄', frown: '☹️' };
const NONE: ReactionItem[] = [];

/** What counts as the reader starting to use the page. */
const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

let firstInteraction: Promise<void> | undefined;

/** Resolves at the reader's first interaction with the page (one set of listeners for all callers). */
function afterFirstInteraction(): Promise<void> {
  return (firstInteraction ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  }));
}

/**
 * The tooltip's code (with its positioning library) is fetched at the reader's first interaction
 * with the page (a pointer move, a key, a touch, a scroll), not before: a first visit loads nothing
 * beyond the page's own code until then, and the tooltip is there by the time a pointer reaches a
 * button. Wrapping a button remounts it, so a button focused when the code arrives is focused again.
 */
let tooltipModule: Promise<typeof import('./ReactionTooltip')> | undefined;
function useReactionTooltip(group: RefObject<HTMLDivElement | null>) {
  const [loaded, setLoaded] = useState<typeof ReactionTooltipType | null>(null);
  const refocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    afterFirstInteraction()
      .then(() => (tooltipModule ??= import('./ReactionTooltip')))
      .then((m) => {
        if (!live) return;
        const focused = document.activeElement;
        refocus.current = focused instanceof HTMLElement && group.current?.contains(focused) ? focused.dataset.testid : undefined;
        setLoaded(() => m.ReactionTooltip);
      }, () => undefined);
    return () => {
      live = false;
    };
  }, [group]);
  useEffect(() => {
    if (!loaded || !refocus.current) return;
    group.current?.querySelector<HTMLElement>(`[data-testid="${refocus.current}"]`)?.focus();
    refocus.current = undefined;
  }, [loaded, group]);
  return loaded;
}

/** Heart, smile and frown under a question or answer, with who reacted in a tooltip. */
export function Reactions({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const WithTooltip = useReactionTooltip(group);
  const gate = useMemberGate();
  const queryClient = useQueryClient();
  const { queryKey } = reactionsQuery(objectId);
  const loaded = useQuery(reactionsQuery(objectId));
  const summary = useOptimisticValue(loaded.data ?? NONE);
  const names: Record<ReactionEmoji, string> = { heart: t('question.reaction.heart'), smile: t('question.reaction.smile'), frown: t('question.reaction.frown') };

  const click = (emoji: ReactionEmoji) => {
    if (!gate()) return;
    const activate = !isActive(summary.value, emoji);
    void summary.change(toggleReaction(summary.value, emoji), async () => {
      const next = await react(objectId, emoji, activate);
      queryClient.setQueryData(queryKey, next);
      return next;
    });
  };

  return (
    <div ref={group} className="d-inline-flex flex-wrap gap-1" role="group" aria-label={t('question.reaction.group')} aria-busy={summary.busy}>
      {REACTION_EMOJIS.map((emoji) => {
        const item = summary.value.find((r) => r.emoji === emoji);
        const count = item?.count ?? 0;
        const button = (
          <button
            key={emoji}
            type="button"
            className={`btn btn-sm rounded-pill ${item?.is_active ? 'btn-primary' : 'btn-outline-secondary'}`}
            aria-label={t('question.reaction.button', { name: names[emoji], n: count })}
            aria-pressed={item?.is_active ?? false}
            onClick={() => click(emoji)}
            data-testid={`reaction-${emoji}`}
          >
            <span aria-hidden="true">{GLYPHS[emoji]}</span>
            {count > 0 && <span className="ms-1">{count}</span>}
          </button>
        );
        if (!WithTooltip) return button;
        // Always wrapped once loaded, so the button keeps its focus when its first tooltip arrives.
        return (
          <WithTooltip key={emoji} id={`reaction-${objectId}-${emoji}`} text={item?.tooltip}>
            {button}
          </WithTooltip>
        );
      })}
    </div>
  );
}
