import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { getPersonalPage, type ListTab, type PersonalLists, type PostActivity } from '../../api/people';
import type { PageOf } from '../../api/post-types';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { useSiteInfo } from '../../state/site';
import { QuestionListItem } from '../questions/list/QuestionListItem';
import { ActivityRow, AnswerRow, QuestionRow } from './post-rows';
import { isSortable, listParams, PROFILE_ORDERS, tabPath } from './profile-tabs';

/** As upstream's profile lists. */
export const PROFILE_PAGE_SIZE = 30;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The rows of one tab's page; each list has its own item shape. */
function Rows({ tab, page, permalink }: { tab: ListTab; page: PageOf<PersonalLists[ListTab]>; permalink?: number }) {
  switch (tab) {
    case 'answers':
      return (page as PageOf<PersonalLists['answers']>).list.map((a) => <AnswerRow key={a.answer_id} answer={a} permalink={permalink} />);
    case 'questions':
      return (page as PageOf<PersonalLists['questions']>).list.map((q) => <QuestionRow key={q.id || q.question_id} question={q} permalink={permalink} />);
    case 'bookmarks':
      return (page as PageOf<PersonalLists['bookmarks']>).list.map((q) => <QuestionListItem key={q.id} question={q} permalink={permalink} />);
    default:
      return (page.list as PostActivity[]).map((item, i) => (
        <ActivityRow
          key={`${item.comment_id ?? item.object_id ?? ''}-${i}`}
          item={item}
          permalink={permalink}
          figure={tab === 'reputation' && item.reputation !== undefined ? signed(item.reputation) : undefined}
          // A comment's object_type names the post it is on, not the comment: no badge there.
          showKind={tab !== 'comments'}
        />
      ));
  }
}

/** A list tab: its total, its order (where it has one), a page of rows and the page links. */
export function ProfileList({ username, tab }: { username: string; tab: ListTab }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const { page, order } = listParams(tab, query);
  const permalink = useSiteInfo()?.site_seo.permalink;
  const result = useQuery({
    queryKey: ['personal', tab, username, { page, order }],
    queryFn: ({ signal }) => getPersonalPage(tab, { username, page, page_size: PROFILE_PAGE_SIZE, order: isSortable(tab) ? order : undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const data = result.data;

  return (
    <section aria-labelledby="profile-list-title" data-testid={`profile-list-${tab}`}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="profile-list-title" className="h5 mb-0">
          {t(`users.tabs.${tab}`)}
          {data && <span className="text-body-secondary fw-normal small ms-2">{t('users.total', { n: data.count })}</span>}
        </h2>
        {isSortable(tab) && (
          <nav aria-label={t('users.order.label')}>
            <div className="btn-group btn-group-sm">
              {PROFILE_ORDERS.map((o) => (
                <Link
                  key={o}
                  to={tabPath(username, tab, { order: o })}
                  className={`btn btn-outline-secondary ${o === order ? 'active' : ''}`}
                  aria-current={o === order ? 'page' : undefined}
                >
                  {t(`users.order.${o}`)}
                </Link>
              ))}
            </div>
          </nav>
        )}
      </div>
      {!data ? (
        result.isPending && <PageLoading />
      ) : data.list.length === 0 ? (
        <p className="text-body-secondary border rounded text-center py-4" data-testid="profile-list-empty">
          {t(`users.empty.${tab}`)}
        </p>
      ) : (
        <ul className="list-group list-group-flush border-top mb-3">
          <Rows tab={tab} page={data} permalink={permalink} />
        </ul>
      )}
      {data && <Pagination page={page} pageSize={PROFILE_PAGE_SIZE} count={data.count} hrefOf={(p) => tabPath(username, tab, { page: p, order })} />}
    </section>
  );
}
