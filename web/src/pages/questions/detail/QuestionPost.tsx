import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type QuestionInfo, deleteQuestion } from '../../../api/questions';
import { formatCount } from '../../../components/count-format';
import { PostHtml } from '../../../components/PostHtml';
import { editQuestionPath } from '../../../components/question-links';
import { TagLinks } from '../../../components/TagLinks';
import { TimeAgo } from '../../../components/TimeAgo';
import { showToast } from '../../../state/notices';
import { AuthorCard } from './AuthorCard';
import { Comments } from './comments/Comments';
import { PostActions } from './PostActions';

const BANNER_VARIANT: Record<string, string> = { danger: 'danger', info: 'info', secondary: 'secondary' };

/** The question itself: title, state banner, body, tags, actions, author and comments. */
export function QuestionPost({ question: q }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const remove = async () => {
    await deleteQuestion(q.id);
    showToast(t('question.deleted'), 'success');
    await queryClient.invalidateQueries({ queryKey: ['questions'] });
    navigate('/');
  };

  return (
    <article aria-labelledby="question-title" data-testid="question">
      <h1 id="question-title" className="h3 text-break">
        {q.title}
      </h1>
      <div className="small text-body-secondary d-flex flex-wrap gap-3 mb-3 pb-3 border-bottom">
        <span>
          {t('question.asked')} <TimeAgo time={q.create_time} />
        </span>
        {q.update_time > q.create_time && (
          <span>
            {t('question.active')} <TimeAgo time={q.update_time} />
          </span>
        )}
        <span>{t('question.count.views', { count: q.view_count, n: formatCount(q.view_count) })}</span>
      </div>
      {q.operation && (
        <Alert variant={BANNER_VARIANT[q.operation.level] ?? 'secondary'} className="small">
          {t(`question.state.${q.operation.type}`, { defaultValue: q.operation.msg })}
          {q.operation.msg && q.operation.type === 'closed' && <div>{q.operation.msg}</div>}
        </Alert>
      )}
      <PostHtml html={q.html} className="mb-3" testId="question-body" />
      <TagLinks tags={q.tags} className="mb-3" />
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <PostActions actions={q.member_actions} editHref={editQuestionPath(q.id)} deleteMessage={t('question.delete_confirm')} onDelete={remove} />
        <div className="d-flex flex-wrap gap-2 ms-auto">
          {q.edit_time > 0 && <AuthorCard user={q.update_user_info} verbKey="question.edited" time={q.edit_time} />}
          <AuthorCard user={q.user_info} verbKey="question.asked" time={q.create_time} highlight />
        </div>
      </div>
      <Comments objectId={q.id} />
    </article>
  );
}
