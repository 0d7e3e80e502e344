import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { PersonalAnswer, PersonalQuestion, PostActivity } from '../../api/people';
import { formatCount } from '../../components/count-format';
import { questionPath, tagPath } from '../../components/question-links';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';

const ACCEPTED = 2;

/** The question lists name it `id`, the top list `question_id`. */
const questionIdOf = (q: PersonalQuestion) => q.id || q.question_id || '';

/** Closed, and for the author and staff deleted or waiting posts, are marked as such. */
function PostStatus({ status }: { status?: string }) {
  const { t } = useTranslation();
  if (status !== 'closed' && status !== 'deleted' && status !== 'pending') return null;
  return <span className="text-body-secondary ms-1">[{t(`users.post_status.${status}`)}]</span>;
}

/** The link to a question the person asked, with its counters. */
export function QuestionRow({ question: q, permalink }: { question: PersonalQuestion; permalink?: number }) {
  const { t } = useTranslation();
  return (
    <li className="list-group-item px-0 bg-transparent" data-testid="profile-question">
      <Link to={questionPath(permalink, { id: questionIdOf(q), url_title: q.url_title })} className="text-break">
        {q.title}
      </Link>
      <PostStatus status={q.status} />
      <div className="small text-body-secondary d-flex flex-wrap gap-3 mt-1">
        {q.created_at ? <TimeAgo time={q.created_at} /> : null}
        <span>{t('question.count.votes', { count: q.vote_count, n: formatCount(q.vote_count) })}</span>
        <span>{t('question.count.answers', { count: q.answer_count, n: formatCount(q.answer_count) })}</span>
        {q.view_count !== undefined && <span>{t('question.count.views', { count: q.view_count, n: formatCount(q.view_count) })}</span>}
      </div>
      {q.tags && <TagLinks tags={q.tags} className="mt-1" />}
    </li>
  );
}

/** The link to one of the person's answers (under its question's title), with its votes. */
export function AnswerRow({ answer: a, permalink }: { answer: PersonalAnswer; permalink?: number }) {
  const { t } = useTranslation();
  const info = a.question_info ?? { title: '', url_title: '' };
  return (
    <li className="list-group-item px-0 bg-transparent" data-testid="profile-answer">
      {a.accepted === ACCEPTED && <span className="badge text-bg-success me-2">{t('users.accepted')}</span>}
      <Link to={questionPath(permalink, { id: a.question_id, url_title: info.url_title }, a.answer_id)} className="text-break">
        {info.title}
      </Link>
      <PostStatus status={a.status} />
      <div className="small text-body-secondary d-flex flex-wrap gap-3 mt-1">
        {a.create_time ? <TimeAgo time={a.create_time} /> : null}
        <span>{t('question.count.votes', { count: a.vote_count, n: formatCount(a.vote_count) })}</span>
      </div>
      {info.tags && <TagLinks tags={info.tags} className="mt-1" />}
    </li>
  );
}

/**
 * A comment, a reputation change or a vote: what kind of post, which one, and when. A post the
 * viewer may not see comes without a question id; it is named, not linked.
 */
export function ActivityRow({ item, permalink, figure, showKind = true }: { item: PostActivity; permalink?: number; figure?: string; showKind?: boolean }) {
  const { t } = useTranslation();
  const kind = showKind && ['question', 'answer', 'comment', 'tag'].includes(item.object_type) ? t(`users.kind.${item.object_type}`) : '';
  const title = item.title || t('users.hidden_post');
  let target = '';
  if (item.object_type === 'tag') target = item.url_title ? tagPath(item.url_title) : '';
  else if (item.question_id) target = questionPath(permalink, { id: item.question_id, url_title: item.url_title }, item.answer_id || undefined);
  return (
    <li className="list-group-item px-0 bg-transparent d-flex gap-3" data-testid="profile-activity">
      {figure && <span className="fw-semibold text-nowrap" style={{ minWidth: '3.5rem' }}>{figure}</span>}
      <div className="flex-grow-1 min-w-0">
        <div className="small text-body-secondary d-flex flex-wrap gap-2">
          {kind && <span className="badge text-bg-light border fw-normal">{kind}</span>}
          {item.rank_type && <span>{item.rank_type}</span>}
          {item.vote_type && <span>{item.vote_type}</span>}
          <TimeAgo time={item.created_at} />
        </div>
        {target ? (
          <Link to={target} className="text-break">
            {title}
          </Link>
        ) : (
          <span className="text-break">{title}</span>
        )}
        {item.content && <p className="small text-body-secondary text-break mb-0">{item.content}</p>}
      </div>
    </li>
  );
}
