import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { REACTION_EMOJIS, type ReactionEmoji, type ReactionItem, react } from '../../../api/reactions';
import type { ReactionTooltip as ReactionTooltipType } from './ReactionTooltip';
import { reactionsQuery } from './queries';
import { isActive, toggleReaction } from './reaction-summary';
import { useMemberGate } from './useMemberGate';
import { useOptimisticValue } from './useOptimisticValue';

const GLYPHS: Record<ReactionEmoji, string> = { heart: '❤️', smile: '😄', frown: '☹️' };
const NONE: ReactionItem[] = [];

/**
 * The tooltip's code (with its positioning library) is fetched once the page is interactive and the
 * browser idle, not before: until it arrives the buttons show without their tooltips.
 */
let tooltipModule: Promise<typeof import('./ReactionTooltip')> | undefined;
function useReactionTooltip() {
  const [loaded, setLoaded] = useState<typeof ReactionTooltipType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      tooltipModule ??= import('./ReactionTooltip');
      tooltipModule.then((m) => live && setLoaded(() => m.ReactionTooltip), () => undefined);
    };
    // When the browser is idle: hydrating the rest of the page comes first.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 2000 }) : undefined;
    const timer = idle === undefined ? setTimeout(load, 200) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return loaded;
}

/** Heart, smile and frown under a question or answer, with who reacted in a tooltip. */
export function Reactions({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const WithTooltip = useReactionTooltip();
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
    <div className="d-inline-flex flex-wrap gap-1" role="group" aria-label={t('question.reaction.group')} aria-busy={summary.busy}>
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
