import { useTranslation } from '../../../i18n/translator';
import { follow } from '../../../api/engagement';
import { formatCount } from '../../../components/count-format';
import { Icon } from '../../../components/icons/Icon';
import { flipMark } from './optimistic';
import { useMemberGate } from './useMemberGate';
import { useOptimisticValue } from './useOptimisticValue';

/** Following a question (notifications about its answers and changes), with its follower count. */
export function FollowButton({ questionId, followed, count }: { questionId: string; followed: boolean; count: number }) {
  const { t } = useTranslation();
  const gate = useMemberGate();
  const state = useOptimisticValue({ on: followed, count });
  const { on } = state.value;

  const click = () => {
    if (!gate()) return;
    const next = flipMark(state.value);
    void state.change(next, async () => {
      const reply = await follow(questionId, on);
      return { on: reply.is_followed, count: reply.follows };
    });
  };

  return (
    <div className="d-inline-flex align-items-center gap-2">
      <button type="button" className={`btn btn-sm ${on ? 'btn-secondary' : 'btn-outline-secondary'}`} aria-pressed={on} aria-busy={state.busy} onClick={click}>
        <Icon name={on ? 'check-lg' : 'bell'} className="me-1" />
        {on ? t('question.follow.following') : t('question.follow.follow')}
      </button>
      <span className="small text-body-secondary" data-testid="follow-count">
        {t('question.follow.count', { count: state.value.count, n: formatCount(state.value.count) })}
      </span>
    </div>
  );
}
