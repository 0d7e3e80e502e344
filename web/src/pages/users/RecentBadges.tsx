import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { getRecentUserBadges } from '../../api/badges';
import { BadgeIcon } from '../badges/BadgeIcon';
import { badgePath } from '../badges/badge-view';
import { tabPath } from './profile-tabs';

/** The overview's latest badges (up to ten), each leading to the person's awards of it. */
export function RecentBadges({ username }: { username: string }) {
  const { t } = useTranslation();
  const recent = useQuery({ queryKey: ['badges', 'user-recent', username], queryFn: ({ signal }) => getRecentUserBadges(username, signal) });
  const badges = recent.data;

  return (
    <section className="mt-4" aria-labelledby="profile-badges" data-testid="recent-badges">
      <h2 id="profile-badges" className="h5">
        {t('users.recent_badges')}
      </h2>
      {badges &&
        (badges.length === 0 ? (
          <p className="small text-body-secondary">{t('users.empty.badges')}</p>
        ) : (
          <>
            <ul className="list-unstyled small mb-2">
              {badges.map((badge) => (
                <li key={badge.id} className="d-flex align-items-center gap-2 mb-1">
                  <BadgeIcon icon={badge.icon} level={badge.level} size={16} />
                  <Link to={badgePath(badge.id, username)} className="text-break">
                    {badge.name}
                  </Link>
                  {badge.earned_count > 1 && <span className="text-body-secondary">{t('badges.times', { n: badge.earned_count })}</span>}
                </li>
              ))}
            </ul>
            <Link to={tabPath(username, 'badges')} className="small">
              {t('users.all_badges')}
            </Link>
          </>
        ))}
    </section>
  );
}
