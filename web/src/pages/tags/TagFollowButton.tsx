import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { follow } from '../../api/engagement';
import { formatCount } from '../../components/count-format';
import { flipMark } from '../questions/detail/optimistic';
import { useMemberGate } from '../questions/detail/useMemberGate';
import { useOptimisticValue } from '../questions/detail/useOptimisticValue';

/**
 * Following a tag (its questions come to the home feed), shown at once and settled by the server's
 * count. Visitors are sent to log in. `count` is left out where the card shows no follower number.
 */
export function TagFollowButton({ tagId, name, followed, count }: { tagId: string; name: string; followed: boolean; count?: number }) {
  const { t } = useTranslation();
  const gate = useMemberGate();
  const queryClient = useQueryClient();
  const state = useOptimisticValue({ on: followed, count: count ?? 0 });
  const { on } = state.value;

  const click = () => {
    if (!gate()) return;
    void state.change(flipMark(state.value), async () => {
      const reply = await follow(tagId, on);
      // Cached tag pages and lists now show the old state; marked stale, they reload when shown again.
      for (const queryKey of [['tag'], ['tags']]) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      return { on: reply.is_followed, count: reply.follows };
    });
  };

  return (
    <div className="d-inline-flex align-items-center gap-2">
      <button
        type="button"
        className={`btn btn-sm ${on ? 'btn-secondary' : 'btn-outline-secondary'}`}
        aria-pressed={on}
        aria-busy={state.busy}
        aria-label={t(on ? 'tags.follow.unfollow_label' : 'tags.follow.follow_label', { name })}
        onClick={click}
      >
        {on ? t('tags.follow.following') : t('tags.follow.follow')}
      </button>
      {count !== undefined && (
        <span className="small text-body-secondary" data-testid="tag-follow-count">
          {t('tags.follow.count', { count: state.value.count, n: formatCount(state.value.count) })}
        </span>
      )}
    </div>
  );
}
