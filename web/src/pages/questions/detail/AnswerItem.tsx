import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/translator';
import { ACCEPTED, ANSWER_STATUS, type AnswerInfo } from '../../../api/answers';
import { Icon } from '../../../components/icons/Icon';
import { PostHtml } from '../../../components/PostHtml';
import { AcceptButton } from './AcceptButton';
import { AnswerMenu } from './AnswerMenu';
import { AuthorCard } from './AuthorCard';
import { PostSource } from './PostSource';
import { BookmarkButton } from './BookmarkButton';
import { Comments } from './comments/Comments';
import { Reactions } from './Reactions';
import { ShareButton } from './ShareButton';
import { VoteButtons } from './VoteButtons';

interface AnswerItemProps {
  answer: AnswerInfo;
  questionId: string;
  /** The URL points at this answer. */
  focused: boolean;
  /** The viewer may accept answers to this question. */
  canAccept: boolean;
  loggedIn: boolean;
}

/**
 * One answer with its votes, acceptance, marks, actions, author and comments. Moderators also get
 * deleted answers, and authors their own pending ones: both are marked.
 */
export function AnswerItem({ answer: a, questionId, focused, canAccept, loggedIn }: AnswerItemProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accepted = a.accepted === ACCEPTED;
  const state = a.status === ANSWER_STATUS.deleted ? 'deleted' : a.status === ANSWER_STATUS.pending ? 'pending' : null;

  return (
    <article
      id={`answer-${a.id}`}
      className={`py-4 border-bottom ${focused ? 'border-start border-3 border-primary ps-3' : ''} ${state === 'deleted' ? 'opacity-50' : ''}`}
      aria-label={t('question.answer_by', { name: a.user_info?.display_name ?? '' })}
      data-testid="answer"
    >
      {(accepted || state) && (
        <div className="d-flex gap-2 small mb-2">
          {accepted && (
            <span className="badge text-bg-success" data-testid="accepted-mark">
              <Icon name="check-lg" className="me-1" />
              {t('question.accepted')}
            </span>
          )}
          {state && <span className="badge text-bg-secondary">{t(`question.answer_state.${state}`)}</span>}
        </div>
      )}
      <PostHtml html={a.html} className="mb-3" />
      {a.source && <PostSource source={a.source} />}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <VoteButtons
          objectId={a.id}
          votes={a.vote_count}
          status={a.vote_status}
          // The author's reputation on the card, and the "votes" order, moved with the vote.
          onVoted={() => void queryClient.invalidateQueries({ queryKey: ['answers', questionId] })}
        />
        {canAccept && !state && <AcceptButton questionId={questionId} answerId={a.id} accepted={accepted} />}
        <BookmarkButton objectId={a.id} bookmarked={a.collected} />
        <Reactions objectId={a.id} />
        {!state && <ShareButton questionId={questionId} answerId={a.id} />}
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <AnswerMenu answer={a} questionId={questionId} loggedIn={loggedIn} />
        <div className="d-flex flex-wrap gap-2 ms-auto">
          {a.update_time > 0 && <AuthorCard user={a.update_user_info} verbKey="question.edited" time={a.update_time} />}
          <AuthorCard user={a.user_info} verbKey="question.answered" time={a.create_time} />
        </div>
      </div>
      <Comments objectId={a.id} />
    </article>
  );
}
