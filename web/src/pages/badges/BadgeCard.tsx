import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { BadgeBrief } from '../../api/badges';
import { formatCount } from '../../components/count-format';
import { BadgeIcon, LevelLabel } from './BadgeIcon';
import { levelName } from './badge-view';

/**
 * One badge of a grid: icon and name leading to `href`, its level, and how often it was earned -
 * by everyone (`showAwards`, the badge list) and by the viewer or the profile's owner (×N).
 */
export function BadgeCard({ badge, href, showAwards }: { badge: BadgeBrief; href: string; showAwards?: boolean }) {
  const { t } = useTranslation();
  const level = levelName(badge.level);
  const earned = badge.earned_count;
  return (
    <li className="col" data-testid="badge-card">
      <article className={`card h-100 badge-card badge-level-${level}`}>
        <div className="card-body d-flex align-items-start gap-3">
          <BadgeIcon icon={badge.icon} level={badge.level} size={32} />
          <div className="min-w-0 flex-grow-1">
            <h3 className="h6 mb-1 text-break">
              <Link to={href} className="stretched-link text-body text-decoration-none">
                {badge.name}
              </Link>
            </h3>
            <div className="small text-body-secondary d-flex flex-wrap column-gap-3">
              <LevelLabel level={badge.level} label={t(`badges.level.${level}`)} />
              {showAwards && badge.award_count !== undefined && (
                <span data-testid="badge-award-count">{t('badges.award_count', { count: badge.award_count, n: formatCount(badge.award_count) })}</span>
              )}
              {earned > 0 && (
                <span className="text-success fw-semibold" data-testid="badge-earned">
                  {earned > 1 ? t('badges.earned_times', { n: earned }) : t('badges.earned')}
                </span>
              )}
            </div>
          </div>
        </div>
      </article>
    </li>
  );
}
