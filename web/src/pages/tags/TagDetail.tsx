import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { getQuestionPage } from '../../api/questions';
import type { TagInfo } from '../../api/tags';
import { deriveLoginState } from '../../app/login-state';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { tagPath } from '../../components/question-links';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { useUser } from '../../state/user';
import { LIST_ORDERS, type ListOrder, listHref, readListState, serverOrder } from '../questions/list/list-params';
import { DensitySwitch } from '../questions/list/DensitySwitch';
import { OrderTabs } from '../questions/list/OrderTabs';
import { QuestionItems } from '../questions/list/QuestionItems';
import { synonymRedirect } from './synonym-redirect';
import { TagHeader } from './TagHeader';
import { useTagByName } from './useTagByName';

const PAGE_SIZE = 20;

/** /tags/:tagName: the tag with its questions in the list's five orders; a synonym's address moves to its main tag. */
export function TagDetail() {
  const { tagName = '' } = useParams();
  const { search } = useLocation();
  const tag = useTagByName(tagName);
  const target = synonymRedirect(tagName, tag.data, '', search);
  if (target) return <Navigate to={target} replace />;
  if (!tag.data) return tag.isPending ? <PageLoading /> : null;
  return <TagQuestions tag={tag.data} />;
}

function TagQuestions({ tag }: { tag: TagInfo }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { order, page } = readListState(params, false);
  const permalink = useSiteInfo()?.site_seo.permalink;
  const login = deriveLoginState(useUser());
  const base = tagPath(tag.slug_name);
  const hrefOf = (next: Partial<{ order: ListOrder; page: number }>) => listHref(base, { order: next.order ?? order, page: next.page ?? 1 });
  usePageTitle(t('question.list.tagged', { tag: tag.display_name || tag.slug_name }));

  const questions = useQuery({
    queryKey: ['questions', 'page', { order, tag: tag.slug_name, page }],
    queryFn: ({ signal }) => getQuestionPage({ order: serverOrder(order), tag: tag.slug_name, page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = questions.data;

  return (
    <section aria-labelledby="tag-title">
      <TagHeader tag={tag} headingId="tag-title" />
      {tag.excerpt && <p className="text-break">{tag.excerpt}</p>}
      <p className="small d-flex flex-wrap gap-3">
        <Link to={`${base}/info`}>{t('tags.info_link')}</Link>
        <Link to="/questions/ask">{t('questions.ask')}</Link>
      </p>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <span className="text-body-secondary small" aria-live="polite">
          {data ? t('question.list.count', { count: data.count }) : ''}
        </span>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <OrderTabs orders={LIST_ORDERS} current={order} hrefOf={(o) => hrefOf({ order: o })} />
          <DensitySwitch />
        </div>
      </div>
      <QuestionItems
        list={data?.list}
        permalink={permalink}
        empty={
          <>
            <p className="mb-2">{order === 'unanswered' ? t('question.list.empty_unanswered') : t('question.list.empty_tag')}</p>
            {login.isLoggedIn && <Link to="/questions/ask">{t('question.list.be_first')}</Link>}
          </>
        }
      />
      {data && <Pagination page={page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(p) => hrefOf({ page: p })} />}
    </section>
  );
}
