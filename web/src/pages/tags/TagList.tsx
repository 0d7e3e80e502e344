import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getTagPage } from '../../api/tags';
import { deriveLoginState } from '../../app/login-state';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUser } from '../../state/user';
import { TagCard } from './TagCard';
import { TAG_SORTS, readTagListState, tagListHref, withFilter } from './tag-list-params';

const PAGE_SIZE = 24;
const FILTER_DEBOUNCE_MS = 300;

/** /tags: every main tag as a card, sorted by popularity, name or age, filtered by name, in pages. */
export function TagList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = readTagListState(useSearchParams()[0]);
  const login = deriveLoginState(useUser());
  usePageTitle(t('tags.title'));
  const { sort, q } = state;
  const [filter, setFilter] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  // A new address (Back, the clear link) refills the box, so the pause below does not undo it.
  if (seenQ !== q) {
    setSeenQ(q);
    setFilter(q);
  }

  // Typing filters after a pause; the address is replaced, not pushed, so Back leaves the page.
  useEffect(() => {
    if (filter.trim() === q) return;
    const timer = setTimeout(() => navigate(tagListHref(withFilter({ sort, q, page: 1 }, filter)), { replace: true }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filter, sort, q, navigate]);

  const tags = useQuery({
    queryKey: ['tags', 'page', state],
    queryFn: ({ signal }) => getTagPage({ page: state.page, page_size: PAGE_SIZE, query_cond: state.sort, slug_name: state.q || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const data = tags.data;
  const staff = login.isAdmin || login.isModerator;

  return (
    <section aria-labelledby="tags-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="tags-title" className="h4 mb-0">
          {t('tags.title')}
        </h1>
        {staff && (
          <Link to="/tags/create" className="btn btn-primary btn-sm">
            {t('tags.create')}
          </Link>
        )}
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <input
          type="search"
          className="form-control form-control-sm"
          style={{ maxWidth: 260 }}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label={t('tags.filter_label')}
          placeholder={t('tags.filter_placeholder')}
        />
        <nav aria-label={t('tags.sort_label')}>
          <div className="btn-group btn-group-sm">
            {TAG_SORTS.map((sort) => (
              <Link
                key={sort}
                to={tagListHref({ ...state, sort, page: 1 })}
                className={`btn btn-outline-secondary ${sort === state.sort ? 'active' : ''}`}
                aria-current={sort === state.sort ? 'page' : undefined}
              >
                {t(`tags.sort.${sort}`)}
              </Link>
            ))}
          </div>
        </nav>
      </div>
      {!data ? (
        <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5" data-testid="tags-empty">
          <p className="mb-2">{state.q ? t('tags.empty_filter', { q: state.q }) : t('tags.empty')}</p>
          {state.q ? (
            <Link to={tagListHref({ ...state, q: '', page: 1 })}>
              {t('tags.clear_filter')}
            </Link>
          ) : (
            <Link to="/questions/ask">{t('tags.empty_ask')}</Link>
          )}
        </div>
      ) : (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 list-unstyled mb-3">
          {data.list.map((tag) => (
            <TagCard key={tag.tag_id} tag={tag} signedIn={login.isLoggedIn} />
          ))}
        </ul>
      )}
      {data && <Pagination page={state.page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(page) => tagListHref({ ...state, page })} />}
    </section>
  );
}
