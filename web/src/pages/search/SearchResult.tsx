import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { SearchHit } from '../../api/search';
import { formatCount } from '../../components/count-format';
import { questionPath } from '../../components/question-links';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { excerptRuns } from './search-query';

/** One hit: title (an answer's shows its question's), the excerpt with the matched words marked, counters, tags, author. */
export function SearchResult({ hit, permalink }: { hit: SearchHit; permalink?: number }) {
  const { t } = useTranslation();
  const o = hit.object;
  const isAnswer = hit.object_type === 'answer';
  const href = isAnswer ? questionPath(permalink, { id: o.question_id, url_title: o.url_title }, o.id) : questionPath(permalink, o);
  return (
    <li className="list-group-item py-3 px-0 bg-transparent" data-testid="search-result">
      <h2 className="h6 mb-1">
        <span className={`badge me-2 ${isAnswer ? 'text-bg-success' : 'text-bg-secondary'}`} aria-hidden="true">
          {t(`search.type.${hit.object_type}`)}
        </span>
        <span className="visually-hidden">{t(`search.type_label.${hit.object_type}`)}</span>
        <Link to={href} className="text-decoration-none">
          {o.title}
        </Link>
      </h2>
      {o.excerpt && (
        <p className="small text-break mb-2" data-testid="search-excerpt">
          {excerptRuns(o.excerpt).map((run, i) => (run.hit ? <mark key={i}>{run.text}</mark> : run.text))}
        </p>
      )}
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <TagLinks tags={o.tags ?? []} />
        <div className="small text-body-secondary d-flex flex-wrap gap-3">
          <span>{t('question.count.votes', { count: o.vote_count, n: formatCount(o.vote_count) })}</span>
          {isAnswer ? (
            o.accepted && <span className="text-success fw-semibold">{t('search.accepted')}</span>
          ) : (
            <span className={o.accepted ? 'text-success fw-semibold' : ''}>
              {t('question.count.answers', { count: o.answer_count, n: formatCount(o.answer_count) })}
            </span>
          )}
          <span>
            {o.user_info && <UserLink user={o.user_info} className="text-reset fw-semibold me-1" />}
            {t(isAnswer ? 'search.answered' : 'search.asked')} <TimeAgo time={o.created_at} />
          </span>
        </div>
      </div>
    </li>
  );
}
