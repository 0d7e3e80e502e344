import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { BadgeAward } from '../../api/badges';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { awardTarget } from './badge-view';

/** One award of a badge: who earned it, when, and the post it was for when there is one. */
export function AwardRow({ award, permalink }: { award: BadgeAward; permalink: number | undefined }) {
  const { t } = useTranslation();
  const target = awardTarget(award, permalink);
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2 px-0" data-testid="badge-award">
      <UserLink user={award.author_user_info} avatarSize={24} className="fw-semibold" />
      <span className="small text-body-secondary">
        {t('badges.awarded')} <TimeAgo time={award.created_at} />
      </span>
      {target && (
        <Link to={target.href} className="small ms-auto" data-testid="badge-award-target">
          {t(`badges.for_${target.kind}`)}
        </Link>
      )}
    </li>
  );
}
