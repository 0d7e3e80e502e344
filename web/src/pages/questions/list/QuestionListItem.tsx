import { useTranslation } from '../../../i18n/translator';
import { Link } from 'react-router';
import { PINNED, type QuestionListItem as Item, QUESTION_STATUS } from '../../../api/questions';
import { formatCount } from '../../../components/count-format';
import { questionPath } from '../../../components/question-links';
import { TagLinks } from '../../../components/TagLinks';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserLink } from '../../../components/UserLink';

/** One question in a list: title, excerpt, tags, counters and who did what last. */
export function QuestionListItem({ question: q, permalink }: { question: Item; permalink?: number }) {
  const { t } = useTranslation();
  const answered = q.answer_count > 0;
  const accepted = q.accepted_answer_id && q.accepted_answer_id !== '0';
  return (
    <li className="list-group-item py-3 px-0 bg-transparent" data-testid="question-item">
      <h2 className="h6 mb-1">
        {q.pin === PINNED && <span className="badge text-bg-warning me-2">{t('question.list.pinned')}</span>}
        <Link to={questionPath(permalink, q)} className="text-decoration-none">
          {q.title}
        </Link>
        {q.status === QUESTION_STATUS.closed && <span className="text-body-secondary ms-1">{t('question.list.closed')}</span>}
      </h2>
      <div className="small text-body-secondary mb-2 d-flex flex-wrap gap-1">
        {q.operator && <UserLink user={q.operator} className="text-reset fw-semibold" />}
        <span>{t(`question.operation.${q.operation_type}`)}</span>
        <TimeAgo time={q.operated_at} />
      </div>
      {q.description && <p className="small text-break mb-2">{q.description}</p>}
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <TagLinks tags={q.tags} />
        <div className="small text-body-secondary d-flex gap-3">
          <span>{t('question.count.votes', { count: q.vote_count, n: formatCount(q.vote_count) })}</span>
          <span className={accepted ? 'text-success fw-semibold' : answered ? 'text-success' : ''}>
            {t('question.count.answers', { count: q.answer_count, n: formatCount(q.answer_count) })}
          </span>
          <span>{t('question.count.views', { count: q.view_count, n: formatCount(q.view_count) })}</span>
        </div>
      </div>
    </li>
  );
}
