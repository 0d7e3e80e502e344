import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { getBadgeGroups } from '../../api/badges';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUser } from '../../state/user';
import { BadgeCard } from './BadgeCard';
import { badgePath } from './badge-view';

/** /badges: the active badges by group, with how often each was awarded and whether the viewer has it. */
export function BadgeList() {
  const { t } = useTranslation();
  usePageTitle(t('badges.title'));
  // earned_count is the viewer's: a login or logout asks again.
  const viewer = useUser()?.username ?? '';
  const groups = useQuery({ queryKey: ['badges', 'groups', viewer], queryFn: ({ signal }) => getBadgeGroups(signal) });
  const data = groups.data?.filter((g) => g.badges.length > 0);

  return (
    <section aria-labelledby="badges-title">
      <h1 id="badges-title" className="h4 mb-2">
        {t('badges.title')}
      </h1>
      <p className="text-body-secondary mb-4">{t('badges.intro')}</p>
      {!data ? (
        groups.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : data.length === 0 ? (
        <p className="text-center text-body-secondary border rounded py-5" data-testid="badges-empty">
          {t('badges.empty')}
        </p>
      ) : (
        data.map((group, i) => (
          <section key={group.group_name} className="mb-4" aria-labelledby={`badge-group-${i}`} data-testid="badge-group">
            <h2 id={`badge-group-${i}`} className="h5 mb-3">
              {group.group_name}
            </h2>
            <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled">
              {group.badges.map((badge) => (
                <BadgeCard key={badge.id} badge={badge} href={badgePath(badge.id)} showAwards />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
