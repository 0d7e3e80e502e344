import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_ORDERS, getSearchDescription, search } from '../../api/search';
import { captchaRefusal } from '../../components/captcha/captcha-flow';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { aiEnabled } from '../../api/ai-enabled';
import { AskAssistantCard } from './AskAssistantCard';
import { OperatorHelp } from './OperatorHelp';
import { QueryExplanation } from './QueryExplanation';
import { SearchResult } from './SearchResult';
import { MAX_QUERY_LENGTH, addOperator, parseQuery, readSearchState, searchHref } from './search-query';

const PAGE_SIZE = 20;

/** /search?q=&order=&page=: the query box, what it means, the hits in four orders, and help with operators. */
export function Search() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = readSearchState(useSearchParams()[0]);
  const { q, order, page } = state;
  const site = useSiteInfo();
  const permalink = site?.site_seo.permalink;
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  // A new address (the header box, back/forward) refills the box.
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  usePageTitle(q ? t('search.results_for', { q }) : t('search.title'));
  const parsed = parseQuery(q);

  const captcha = useCaptcha('search');
  const results = useQuery({
    queryKey: ['search', { q, order, page }],
    // Searched straight away; only when the server asks for a captcha (many searches in a minute) is one shown.
    queryFn: async ({ signal }) => {
      const params = { q, order, page, size: PAGE_SIZE };
      try {
        return await search(params, signal);
      } catch (error) {
        if (captchaRefusal(error) === null) throw error;
        const outcome = await captcha.run((answer) => search({ ...params, ...answer }, signal));
        if (!outcome.ok) throw error;
        return outcome.value;
      }
    },
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const description = useQuery({ queryKey: ['search', 'desc'], queryFn: ({ signal }) => getSearchDescription(signal), staleTime: Number.POSITIVE_INFINITY });
  const data = q ? results.data : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next) navigate(searchHref({ q: next, order, page: 1 }));
  };
  const pick = (example: string) => {
    setText((v) => addOperator(v, example));
    input.current?.focus();
  };
  const plugin = description.data;

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title" className="h4 mb-3">
        {q ? t('search.results_for', { q }) : t('search.title')}
      </h1>
      <form role="search" aria-label={t('search.form_label')} onSubmit={submit} className="d-flex gap-2 mb-2">
        <input
          ref={input}
          type="search"
          name="q"
          className="form-control"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('search.query_label')}
          placeholder={t('search.query_placeholder')}
        />
        <button type="submit" className="btn btn-primary">
          {t('search.submit')}
        </button>
      </form>
      <OperatorHelp onPick={pick} initiallyOpen={!q} />
      <QueryExplanation parsed={parsed} />
      {q && aiEnabled(site) && <AskAssistantCard q={q} />}
      {q && (
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <span className="text-body-secondary small" aria-live="polite" data-testid="search-count">
            {data ? t('search.count', { count: data.count }) : ''}
          </span>
          <nav aria-label={t('search.orders')}>
            <div className="btn-group btn-group-sm flex-wrap">
              {SEARCH_ORDERS.map((o) => (
                <Link
                  key={o}
                  to={searchHref({ q, order: o, page: 1 })}
                  className={`btn btn-outline-secondary ${o === order ? 'active' : ''}`}
                  aria-current={o === order ? 'page' : undefined}
                >
                  {t(`search.order.${o}`)}
                </Link>
              ))}
            </div>
          </nav>
        </div>
      )}
      {!q ? null : !data ? (
        results.isError ? null : <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="border rounded p-4 text-body-secondary" data-testid="search-empty">
          <p className="fw-semibold mb-2">{t('search.empty.title')}</p>
          <ul className="mb-0">
            <li>{t('search.empty.fewer_words')}</li>
            {(parsed.tags.length > 0 || parsed.filters.length > 0) && <li>{t('search.empty.fewer_operators')}</li>}
            <li>{t('search.empty.spelling')}</li>
            <li>
              <Link to="/tags">{t('search.empty.browse_tags')}</Link>
            </li>
          </ul>
        </div>
      ) : (
        <ul className="list-group list-group-flush border-top mb-3">
          {data.list.map((hit) => (
            <SearchResult key={`${hit.object_type}-${hit.object.id}`} hit={hit} permalink={permalink} />
          ))}
        </ul>
      )}
      {data && <Pagination page={page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(p) => searchHref({ q, order, page: p })} />}
      {captcha.dialog}
      {results.isError && captchaRefusal(results.error) !== null && (
        <p className="text-body-secondary border rounded p-3" data-testid="search-captcha-needed">
          {t('search.captcha_needed')}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => void results.refetch()}>
            {t('search.retry')}
          </button>
        </p>
      )}
      {plugin?.name && plugin.link && (
        <p className="small text-body-secondary text-end">
          {t('search.powered_by')}{' '}
          <a href={plugin.link} target="_blank" rel="noreferrer">
            {plugin.icon && <img src={plugin.icon} alt="" height={16} className="me-1" />}
            {plugin.name}
          </a>
        </p>
      )}
    </section>
  );
}
