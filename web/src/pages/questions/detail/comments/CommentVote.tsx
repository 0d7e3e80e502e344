import { Icon } from '../../../../components/icons/Icon';
import { useTranslation } from '../../../../i18n/translator';
import { useVote } from '../useVote';

/** The upvote of a comment (comments have no downvotes) with its count; undone by a second click. */
export function CommentVote({ commentId, votes, voted }: { commentId: string; votes: number; voted: boolean }) {
  const { t } = useTranslation();
  const vote = useVote(commentId, { votes, status: voted ? 'vote_up' : '' });
  const pressed = vote.value.status === 'vote_up';

  return (
    <>
      <button
        type="button"
        className={`btn btn-link btn-sm p-0 me-1 text-decoration-none ${pressed ? 'link-primary' : 'link-secondary'}`}
        aria-label={t('question.vote.comment_up')}
        aria-pressed={pressed}
        aria-busy={vote.busy}
        onClick={() => void vote.click('up')}
      >
        <Icon name="arrow-up" />
      </button>
      {vote.value.votes > 0 && (
        <span className="me-1 text-body-secondary" title={t('question.vote.score')} data-testid="comment-votes">
          {vote.value.votes}
        </span>
      )}
      {vote.dialog}
    </>
  );
}
