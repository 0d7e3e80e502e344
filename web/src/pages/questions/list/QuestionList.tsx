import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type QuestionOrder, getQuestionPage } from '../../../api/questions';
import { PageLoading } from '../../../components/PageLoading';
import { Pagination } from '../../../components/Pagination';
import { deriveLoginState } from '../../../app/login-state';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useSiteInfo } from '../../../state/site';
import { useUser } from '../../../state/user';
import { HotQuestions } from './HotQuestions';
import { QuestionListItem } from './QuestionListItem';

const ORDERS: QuestionOrder[] = ['newest', 'active', 'frequent', 'score', 'unanswered'];
const PAGE_SIZE = 20;

/** Reads the list's state from the address, ignoring values the server would refuse. */
function useListParams() {
  const [params] = useSearchParams();
  const order = ORDERS.find((o) => o === params.get('order')) ?? 'newest';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const tag = params.get('tag') || undefined;
  const hrefOf = (next: { order?: QuestionOrder; page?: number }) => {
    const query = new URLSearchParams();
    const o = next.order ?? order;
    if (o !== 'newest') query.set('order', o);
    if (tag) query.set('tag', tag);
    const p = next.page ?? 1;
    if (p > 1) query.set('page', String(p));
    const text = query.toString();
    return `/questions${text ? `?${text}` : ''}`;
  };
  return { order, page, tag, hrefOf };
}

/** Home and /questions: the question list with its orders, tag filter and pages, and the hot questions. */
export function QuestionList() {
  const { t } = useTranslation();
  const { order, page, tag, hrefOf } = useListParams();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const login = deriveLoginState(useUser());
  const title = tag ? t('question.list.tagged', { tag }) : t('questions.all');
  usePageTitle(tag || page > 1 ? title : undefined);

  const questions = useQuery({
    queryKey: ['questions', 'page', { order, tag, page }],
    queryFn: ({ signal }) => getQuestionPage({ order, tag, page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = questions.data;

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
          <span className="text-body-secondary small" aria-live="polite">
            {data ? t('question.list.count', { count: data.count }) : ''}
          </span>
          <nav aria-label={t('question.list.orders')}>
            <div className="btn-group btn-group-sm flex-wrap">
              {ORDERS.map((o) => (
                <Link
                  key={o}
                  to={hrefOf({ order: o })}
                  className={`btn btn-outline-secondary ${o === order ? 'active' : ''}`}
                  aria-current={o === order ? 'page' : undefined}
                >
                  {t(`question.order.${o}`)}
                </Link>
              ))}
            </div>
          </nav>
        </div>
        {tag && (
          <p className="small">
            <Link to="/questions">{t('question.list.clear_tag')}</Link>
          </p>
        )}
        {!data ? (
          <PageLoading />
        ) : data.list.length === 0 ? (
          <div className="text-center text-body-secondary border rounded py-5" data-testid="questions-empty">
            <p className="mb-2">{tag ? t('question.list.empty_tag') : order === 'unanswered' ? t('question.list.empty_unanswered') : t('questions.empty')}</p>
            {login.isLoggedIn && <Link to="/questions/ask">{t('question.list.be_first')}</Link>}
          </div>
        ) : (
          <ul className="list-group list-group-flush border-top mb-3">
            {data.list.map((q) => (
              <QuestionListItem key={q.id} question={q} permalink={permalink} />
            ))}
          </ul>
        )}
        {data && <Pagination page={page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(p) => hrefOf({ page: p })} />}
      </section>
      <aside className="col-xl-3">
        <HotQuestions permalink={permalink} />
      </aside>
    </div>
  );
}
