import { useTranslation } from '../../../i18n/translator';
import { Link } from 'react-router';
import { PINNED, type QuestionListItem as Item, QUESTION_STATUS } from '../../../api/questions';
import { formatCount } from '../../../components/count-format';
import { questionPath } from '../../../components/question-links';
import { TagLinks } from '../../../components/TagLinks';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserLink } from '../../../components/UserLink';
import { useListDensity } from './list-density';
import './question-list.css';

/** Votes, answers (green when answered, filled when one is accepted) and views, as small boxes. */
function Stats({ question: q }: { question: Item }) {
  const { t } = useTranslation();
  const accepted = Boolean(q.accepted_answer_id && q.accepted_answer_id !== '0');
  const answers = accepted ? 'answers-accepted' : q.answer_count > 0 ? 'answers-given' : '';
  return (
    <div className="question-stats small" data-testid="question-stats">
      <span className="question-stat fw-semibold">{t('question.count.votes', { count: q.vote_count, n: formatCount(q.vote_count) })}</span>
      <span className={`question-stat ${answers}`} data-accepted={accepted ? 'true' : undefined}>
        {t('question.count.answers', { count: q.answer_count, n: formatCount(q.answer_count) })}
      </span>
      <span className="question-stat text-body-secondary">{t('question.count.views', { count: q.view_count, n: formatCount(q.view_count) })}</span>
    </div>
  );
}

/** Who did what last: avatar, name and reputation, then "asked / answered / modified" and when. */
function Activity({ question: q }: { question: Item }) {
  const { t } = useTranslation();
  return (
    <div className="small text-body-secondary d-flex flex-wrap align-items-center column-gap-1 ms-auto">
      {q.operator && <UserLink user={q.operator} avatarSize={20} className="text-reset fw-semibold" />}
      <span>{t(`question.operation.${q.operation_type}`)}</span>
      <TimeAgo time={q.operated_at} />
      {q.operator?.rank !== undefined && (
        <span className="fw-semibold" title={t('question.reputation')}>
          · {t('question.reputation_short', { n: formatCount(q.operator.rank) })}
        </span>
      )}
    </div>
  );
}

/**
 * One question in a list. Comfortable: the counts in a column on the left, the title, excerpt, tags
 * and last activity beside them. Compact: the title, then counts, tags and activity on one line.
 */
export function QuestionListItem({ question: q, permalink }: { question: Item; permalink?: number }) {
  const { t } = useTranslation();
  const density = useListDensity();
  const title = (
    <h2 className="h6 mb-1 text-break">
      {q.pin === PINNED && <span className="badge text-bg-warning me-2">{t('question.list.pinned')}</span>}
      <Link to={questionPath(permalink, q)} className="question-title text-decoration-none">
        {q.title}
      </Link>
      {q.status === QUESTION_STATUS.closed && <span className="text-body-secondary ms-1">{t('question.list.closed')}</span>}
    </h2>
  );
  return (
    <li className={`list-group-item px-0 bg-transparent question-item question-item-${density}`} data-testid="question-item" data-density={density}>
      {density === 'compact' ? (
        <>
          {title}
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Stats question={q} />
            <TagLinks tags={q.tags} />
            <Activity question={q} />
          </div>
        </>
      ) : (
        <>
          <Stats question={q} />
          <div className="flex-grow-1 min-w-0">
            {title}
            {q.description && <p className="small text-break text-body-secondary mb-2">{q.description}</p>}
            <div className="d-flex flex-wrap align-items-center gap-2">
              <TagLinks tags={q.tags} />
              <Activity question={q} />
            </div>
          </div>
        </>
      )}
    </li>
  );
}
