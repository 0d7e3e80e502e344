import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link, useNavigate } from 'react-router';
import { getBadgeAwards } from '../../api/badges';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { useSiteInfo } from '../../state/site';
import { AwardRow } from './AwardRow';
import { badgePath } from './badge-view';

export const AWARDS_PAGE_SIZE = 30;

/** The badge page's awards, newest first, in pages; `username` narrows them to one person's. */
export function AwardList({ badgeId, username, page }: { badgeId: string; username: string; page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const [name, setName] = useState(username);
  const awards = useQuery({
    queryKey: ['badges', 'awards', badgeId, { username, page }],
    queryFn: ({ signal }) => getBadgeAwards({ badge_id: badgeId, username: username || undefined, page, page_size: AWARDS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = awards.data;

  const filter = (e: FormEvent) => {
    e.preventDefault();
    navigate(badgePath(badgeId, name.trim()));
  };

  return (
    <section aria-labelledby="badge-awards-title" data-testid="badge-awards">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="badge-awards-title" className="h5 mb-0">
          {username ? t('badges.awards_of', { username }) : t('badges.recent_awards')}
          {data && <span className="text-body-secondary fw-normal small ms-2">{t('badges.total', { n: data.count })}</span>}
        </h2>
        <form className="d-flex gap-2" role="search" onSubmit={filter}>
          <input
            type="search"
            className="form-control form-control-sm"
            style={{ maxWidth: 220 }}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-label={t('badges.filter_user_label')}
            placeholder={t('badges.filter_user_placeholder')}
          />
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            {t('badges.filter_user_submit')}
          </button>
        </form>
      </div>
      {!data ? (
        awards.isPending && <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-4" data-testid="badge-awards-empty">
          <p className="mb-1">{username ? t('badges.no_awards_user', { username }) : t('badges.no_awards')}</p>
          {username && (
            <Link to={badgePath(badgeId)} onClick={() => setName('')}>
              {t('badges.show_all_awards')}
            </Link>
          )}
        </div>
      ) : (
        <>
          <ul className="list-group list-group-flush border-top mb-3">
            {data.list.map((award, i) => (
              <AwardRow key={`${award.author_user_info.username}-${award.object_id}-${award.created_at}-${i}`} award={award} permalink={permalink} />
            ))}
          </ul>
          {username && (
            <p className="small">
              <Link to={badgePath(badgeId)} onClick={() => setName('')}>
                {t('badges.show_all_awards')}
              </Link>
            </p>
          )}
        </>
      )}
      {data && <Pagination page={page} pageSize={AWARDS_PAGE_SIZE} count={data.count} hrefOf={(p) => badgePath(badgeId, username, p)} />}
    </section>
  );
}
