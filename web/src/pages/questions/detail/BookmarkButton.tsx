import { useTranslation } from '../../../i18n/translator';
import { switchBookmark } from '../../../api/engagement';
import { formatCount } from '../../../components/count-format';
import { Icon } from '../../../components/icons/Icon';
import { flipMark } from './optimistic';
import { useMemberGate } from './useMemberGate';
import { useOptimisticValue } from './useOptimisticValue';

interface BookmarkButtonProps {
  objectId: string;
  bookmarked: boolean;
  /** How many users bookmarked it; questions show it, answers have no such count. */
  count?: number;
}

/** Bookmarks a question or an answer for the viewer's profile list, or removes the bookmark. */
export function BookmarkButton({ objectId, bookmarked, count }: BookmarkButtonProps) {
  const { t } = useTranslation();
  const gate = useMemberGate();
  const mark = useOptimisticValue({ on: bookmarked, count: count ?? 0 });
  const on = mark.value.on;
  // The visible count is part of the button's name, so speech input ("click 3") and screen readers agree.
  const label = count === undefined ? t('question.bookmark') : `${t('question.bookmark')} ${formatCount(mark.value.count)}`;

  const click = () => {
    if (!gate()) return;
    const next = flipMark(mark.value);
    void mark.change(next, async () => {
      const reply = await switchBookmark(objectId, next.on);
      return { on: next.on, count: reply.object_collection_count };
    });
  };

  return (
    <button
      type="button"
      className={`btn btn-sm ${on ? 'btn-warning' : 'btn-outline-secondary'}`}
      aria-label={label}
      aria-pressed={on}
      aria-busy={mark.busy}
      title={t('question.bookmark')}
      onClick={click}
    >
      <Icon name={on ? 'bookmark-fill' : 'bookmark'} />
      {count !== undefined && <span className="ms-1" data-testid="bookmark-count">{formatCount(mark.value.count)}</span>}
    </button>
  );
}
