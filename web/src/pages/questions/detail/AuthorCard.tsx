import { useTranslation } from '../../../i18n/translator';
import type { UserBrief } from '../../../api/post-types';
import { formatCount } from '../../../components/count-format';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserLink } from '../../../components/UserLink';

/** "asked 3 hours ago" with the author's picture, name and reputation. */
export function AuthorCard({ user, verbKey, time, highlight }: { user: UserBrief | null; verbKey: string; time: number; highlight?: boolean }) {
  const { t } = useTranslation();
  if (!user) return null;
  return (
    <div className={`small rounded p-2 ${highlight ? 'bg-primary-subtle' : ''}`} style={{ minWidth: 180 }}>
      <div className="text-body-secondary mb-1">
        {t(verbKey)} <TimeAgo time={time} />
      </div>
      <UserLink user={user} avatarSize={32} className="fw-semibold gap-2" />
      {user.rank !== undefined && (
        <div className="text-body-secondary" style={{ marginLeft: 40 }} title={t('question.reputation')}>
          {t('question.reputation_short', { n: formatCount(user.rank) })}
        </div>
      )}
    </div>
  );
}
