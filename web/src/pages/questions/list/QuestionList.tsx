import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { getQuestionPage, getRecommendQuestionPage } from '../../../api/questions';
import { FeedLink } from '../../../components/FeedLink';
import { Pagination } from '../../../components/Pagination';
import { deriveLoginState } from '../../../app/login-state';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useSiteInfo } from '../../../state/site';
import { useUser } from '../../../state/user';
import { HotQuestions } from './HotQuestions';
import { LIST_ORDERS, type ListOrder, listHref, readListState, serverOrder } from './list-params';
import { DensitySwitch } from './DensitySwitch';
import { OrderTabs } from './OrderTabs';
import { QuestionItems } from './QuestionItems';

const PAGE_SIZE = 20;

/** Home and /questions: the question list with its orders (and the followed-tags feed when signed in), tag filter and pages, and the hot questions. */
export function QuestionList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const login = deriveLoginState(useUser());
  const { order, page } = readListState(params, login.isLoggedIn);
  const tag = params.get('tag') || undefined;
  const hrefOf = (next: Partial<{ order: ListOrder; page: number }>) => listHref('/questions', { order: next.order ?? order, page: next.page ?? 1 }, { tag });
  const orders: ListOrder[] = login.isLoggedIn ? [...LIST_ORDERS, 'recommend'] : [...LIST_ORDERS];
  const permalink = useSiteInfo()?.site_seo.permalink;
  const title = tag ? t('question.list.tagged', { tag }) : t('questions.all');
  usePageTitle(tag || page > 1 ? title : undefined);

  const questions = useQuery({
    queryKey: ['questions', 'page', { order, tag, page }],
    queryFn: ({ signal }) =>
      order === 'recommend'
        ? getRecommendQuestionPage({ page, page_size: PAGE_SIZE }, signal)
        : getQuestionPage({ order: serverOrder(order), tag, page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = questions.data;

  const empty =
    order === 'recommend' ? (
      <>
        <p className="mb-2">{t('question.list.empty_feed')}</p>
        <Link to="/tags">{t('question.list.find_tags')}</Link>
      </>
    ) : (
      <>
        <p className="mb-2">{tag ? t('question.list.empty_tag') : order === 'unanswered' ? t('question.list.empty_unanswered') : t('questions.empty')}</p>
        {login.isLoggedIn && <Link to="/questions/ask">{t('question.list.be_first')}</Link>}
      </>
    );

  return (
    <div className="row g-4">
      <section className="col-xl-9" aria-labelledby="question-list-title">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h1 id="question-list-title" className="h4 mb-0">
            {title}
          </h1>
          <Link to="/questions/ask" className="btn btn-primary btn-sm">
            {t('questions.ask')}
          </Link>
        </div>
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <span className="d-flex align-items-center gap-3">
            <span className="text-body-secondary small" aria-live="polite">
              {data ? t('question.list.count', { count: data.count }) : ''}
            </span>
            <FeedLink href={tag ? `/feeds/tags/${encodeURIComponent(tag)}.atom` : '/feeds/questions.atom'} />
          </span>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <OrderTabs orders={orders} current={order} hrefOf={(o) => hrefOf({ order: o })} />
            <DensitySwitch />
          </div>
        </div>
        {tag && (
          <p className="small">
            <Link to="/questions">{t('question.list.clear_tag')}</Link>
          </p>
        )}
        <QuestionItems list={data?.list} permalink={permalink} empty={empty} />
        {data && <Pagination page={page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(p) => hrefOf({ page: p })} />}
      </section>
      <aside className="col-xl-3">
        <HotQuestions permalink={permalink} />
      </aside>
    </div>
  );
}
