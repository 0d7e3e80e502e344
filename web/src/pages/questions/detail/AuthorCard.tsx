import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserBrief } from '../../../api/post-types';
import { Avatar } from '../../../components/Avatar';
import { formatCount } from '../../../components/count-format';
import { userPath } from '../../../components/question-links';
import { TimeAgo } from '../../../components/TimeAgo';

/** "asked 3 hours ago" with the author's picture, name and reputation. */
export function AuthorCard({ user, verbKey, time, highlight }: { user: UserBrief | null; verbKey: string; time: number; highlight?: boolean }) {
  const { t } = useTranslation();
  if (!user) return null;
  return (
    <div className={`small rounded p-2 ${highlight ? 'bg-primary-subtle' : ''}`} style={{ minWidth: 180 }}>
      <div className="text-body-secondary mb-1">
        {t(verbKey)} <TimeAgo time={time} />
      </div>
      <div className="d-flex align-items-center gap-2">
        <Avatar src={user.avatar} name={user.display_name} size={32} />
        <div>
          <Link to={userPath(user.username)} className="d-block fw-semibold">
            {user.display_name}
          </Link>
          {user.rank !== undefined && (
            <span className="text-body-secondary" title={t('question.reputation')}>
              {t('question.reputation_short', { n: formatCount(user.rank) })}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
