import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { getUserBadges } from '../../api/badges';
import { PageLoading } from '../../components/PageLoading';
import { BadgeCard } from '../badges/BadgeCard';
import { badgePath } from '../badges/badge-view';

/** The badges tab: every badge the person holds, how often, each leading to their awards of it. */
export function ProfileBadges({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const badges = useQuery({ queryKey: ['badges', 'user', username], queryFn: ({ signal }) => getUserBadges(username, signal) });
  const data = badges.data;

  return (
    <section aria-labelledby="profile-list-title" data-testid="profile-list-badges">
      <h2 id="profile-list-title" className="h5 mb-3">
        {t('users.tabs.badges')}
        {data && <span className="text-body-secondary fw-normal small ms-2">{t('users.total', { n: data.length })}</span>}
      </h2>
      {!data ? (
        badges.isPending && <PageLoading />
      ) : data.length === 0 ? (
        <div className="text-body-secondary border rounded text-center py-4" data-testid="profile-list-empty">
          <p className="mb-1">{t(isOwner ? 'users.empty.badges_own' : 'users.empty.badges')}</p>
          <Link to="/badges">{t('badges.see_all')}</Link>
        </div>
      ) : (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled">
          {data.map((badge) => (
            <BadgeCard key={badge.id} badge={badge} href={badgePath(badge.id, username)} />
          ))}
        </ul>
      )}
    </section>
  );
}
