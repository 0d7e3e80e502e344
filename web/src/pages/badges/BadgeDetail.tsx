import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link, useParams, useSearchParams } from 'react-router';
import { getBadge } from '../../api/badges';
import { formatCount } from '../../components/count-format';
import { ErrorPage } from '../../components/ErrorPage';
import { HtmlBlock } from '../../components/HtmlBlock';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUser } from '../../state/user';
import { AwardList } from './AwardList';
import { BadgeIcon, LevelLabel } from './BadgeIcon';
import { levelName, readBadgeDetailState } from './badge-view';

/**
 * /badges/:badge_id: what the badge is for, its level, whether it is earned once or once per post,
 * how often it was awarded, and who earned it (`?username=` for one person). An unknown or
 * deactivated badge is the 404 page.
 */
export function BadgeDetail() {
  const { t } = useTranslation();
  const { badge_id: badgeId = '' } = useParams();
  const { username, page } = readBadgeDetailState(useSearchParams()[0]);
  const viewer = useUser()?.username ?? '';
  const badge = useQuery({ queryKey: ['badges', 'info', badgeId, viewer], queryFn: ({ signal }) => getBadge(badgeId, signal), retry: false });
  const info = badge.data;
  usePageTitle(info ? info.name : t('badges.detail'));

  if (!info) return badge.isError ? <ErrorPage code="404" message={t('badges.not_found')} /> : <PageLoading />;
  const level = levelName(info.level);

  return (
    <div data-testid="badge-detail">
      <nav aria-label={t('badges.breadcrumb')} className="small mb-3">
        <Link to="/badges">{t('badges.all')}</Link>
      </nav>
      <header className={`card badge-card badge-level-${level} mb-4`}>
        <div className="card-body d-flex flex-wrap align-items-start gap-3">
          <BadgeIcon icon={info.icon} level={info.level} size={56} />
          <div className="flex-grow-1 min-w-0">
            <h1 className="h4 mb-2 text-break">{info.name}</h1>
            {/* The description is made by the server from its own translations (Autobiographer's links to the profile settings). */}
            <HtmlBlock html={info.description} className="mb-2 text-break" />
            <ul className="list-inline small text-body-secondary mb-0" data-testid="badge-facts">
              <li className="list-inline-item me-3">
                <LevelLabel level={info.level} label={t(`badges.level.${level}`)} />
              </li>
              <li className="list-inline-item me-3">{t(info.is_single ? 'badges.single' : 'badges.multiple')}</li>
              <li className="list-inline-item me-3" data-testid="badge-award-count">
                {t('badges.award_count', { count: info.award_count, n: formatCount(info.award_count) })}
              </li>
              {info.earned_count > 0 && (
                <li className="list-inline-item text-success fw-semibold" data-testid="badge-earned">
                  {info.earned_count > 1 ? t('badges.you_earned_times', { n: info.earned_count }) : t('badges.you_earned')}
                </li>
              )}
            </ul>
          </div>
        </div>
      </header>
      <AwardList key={`${badgeId}-${username}`} badgeId={badgeId} username={username} page={page} />
    </div>
  );
}
