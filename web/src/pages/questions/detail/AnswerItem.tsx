import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCEPTED, ANSWER_STATUS, type AnswerInfo, deleteAnswer } from '../../../api/answers';
import { PostHtml } from '../../../components/PostHtml';
import { editAnswerPath } from '../../../components/question-links';
import { AuthorCard } from './AuthorCard';
import { Comments } from './comments/Comments';
import { PostActions } from './PostActions';

/**
 * One answer with its votes, acceptance, actions, author and comments; `focused` when the URL points
 * at it. Moderators also get deleted answers, and authors their own pending ones: both are marked.
 */
export function AnswerItem({ answer: a, questionId, focused }: { answer: AnswerInfo; questionId: string; focused: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accepted = a.accepted === ACCEPTED;
  const state = a.status === ANSWER_STATUS.deleted ? 'deleted' : a.status === ANSWER_STATUS.pending ? 'pending' : null;

  const remove = async () => {
    await deleteAnswer(a.id);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['answers', questionId] }),
      queryClient.invalidateQueries({ queryKey: ['question'] }),
      queryClient.invalidateQueries({ queryKey: ['questions'] }),
    ]);
  };

  return (
    <article
      id={`answer-${a.id}`}
      className={`py-4 border-bottom ${focused ? 'border-start border-3 border-primary ps-3' : ''} ${state === 'deleted' ? 'opacity-50' : ''}`}
      aria-label={t('question.answer_by', { name: a.user_info?.display_name ?? '' })}
      data-testid="answer"
    >
      <div className="d-flex gap-3 small text-body-secondary mb-2">
        <span>{t('question.count.votes', { count: a.vote_count, n: a.vote_count })}</span>
        {accepted && <span className="badge text-bg-success">{t('question.accepted')}</span>}
        {state && <span className="badge text-bg-secondary">{t(`question.answer_state.${state}`)}</span>}
      </div>
      <PostHtml html={a.html} className="mb-3" />
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <PostActions actions={a.member_actions} editHref={editAnswerPath(questionId, a.id)} deleteMessage={t('question.delete_answer_confirm')} onDelete={remove} />
        <div className="d-flex flex-wrap gap-2 ms-auto">
          {a.update_time > 0 && <AuthorCard user={a.update_user_info} verbKey="question.edited" time={a.update_time} />}
          <AuthorCard user={a.user_info} verbKey="question.answered" time={a.create_time} />
        </div>
      </div>
      <Comments objectId={a.id} />
    </article>
  );
}
