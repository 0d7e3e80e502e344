import { useTranslation } from '../../../i18n/translator';
import type { VoteDirection, VoteStatus } from '../../../api/votes';
import { formatCount } from '../../../components/count-format';
import { useVote } from './useVote';

interface VoteButtonsProps {
  objectId: string;
  votes: number;
  status: VoteStatus;
  /** After the server counted the vote: refetch what shows its effect (scores, the author's reputation). */
  onVoted: () => void;
}

const ARROWS: Record<VoteDirection, string> = { up: '▲', down: '▼' };

/** Up and down votes on a question or answer with the score between them. */
export function VoteButtons({ objectId, votes, status, onVoted }: VoteButtonsProps) {
  const { t } = useTranslation();
  const vote = useVote(objectId, { votes, status }, onVoted);

  const button = (direction: VoteDirection) => {
    const pressed = vote.value.status === `vote_${direction}`;
    return (
      <button
        type="button"
        className={`btn btn-sm ${pressed ? 'btn-primary' : 'btn-outline-secondary'}`}
        aria-label={direction === 'up' ? t('question.vote.up') : t('question.vote.down')}
        aria-pressed={pressed}
        onClick={() => void vote.click(direction)}
      >
        <span aria-hidden="true">{ARROWS[direction]}</span>
      </button>
    );
  };

  return (
    <div className="d-inline-flex align-items-center gap-1" role="group" aria-label={t('question.vote.group')} aria-busy={vote.busy}>
      {button('up')}
      <span className="fw-semibold text-center px-1" style={{ minWidth: '2em' }} title={t('question.vote.score')} data-testid="vote-score">
        {formatCount(vote.value.votes)}
      </span>
      {button('down')}
      {vote.dialog}
    </div>
  );
}
