import { useTranslation } from '../../../i18n/translator';
import type { VoteDirection, VoteStatus } from '../../../api/votes';
import { formatCount } from '../../../components/count-format';
import { Icon } from '../../../components/icons/Icon';
import { isAnswerId } from '../../../components/question-links';
import { usePermission } from '../../../hooks/usePermission';
import { showToast } from '../../../state/notices';
import { useVote } from './useVote';

interface VoteButtonsProps {
  objectId: string;
  votes: number;
  status: VoteStatus;
  /** After the server counted the vote: refetch what shows its effect (scores, the author's reputation). */
  onVoted: () => void;
}

/** Up and down votes on a question or answer with the score between them. */
export function VoteButtons({ objectId, votes, status, onVoted }: VoteButtonsProps) {
  const { t } = useTranslation();
  const vote = useVote(objectId, { votes, status }, onVoted);
  const kind = isAnswerId(objectId) ? 'answer' : 'question';
  const may = { up: usePermission(`${kind}.vote_up`), down: usePermission(`${kind}.vote_down`) };

  const button = (direction: VoteDirection) => {
    const pressed = vote.value.status === `vote_${direction}`;
    // A vote the member may not cast yet looks unavailable and says why; taking one back is always allowed.
    const refused = !pressed && !may[direction].allowed;
    return (
      <button
        type="button"
        className={`btn btn-sm rounded-circle d-inline-flex align-items-center justify-content-center p-0 ${pressed ? 'btn-primary' : 'btn-outline-secondary border-0'} ${refused ? 'opacity-50' : ''}`}
        style={{ width: '2rem', height: '2rem' }}
        aria-label={direction === 'up' ? t('question.vote.up') : t('question.vote.down')}
        aria-pressed={pressed}
        aria-disabled={refused || undefined}
        title={refused ? may[direction].tip : undefined}
        onClick={() => (refused ? showToast(may[direction].tip) : void vote.click(direction))}
      >
        <Icon name={direction === 'up' ? 'arrow-up' : 'arrow-down'} size={18} />
      </button>
    );
  };

  return (
    <div className="d-inline-flex align-items-center gap-1 p-1 border rounded-pill" role="group" aria-label={t('question.vote.group')} aria-busy={vote.busy}>
      {button('up')}
      <span className="fw-semibold text-center px-1" style={{ minWidth: '2em' }} title={t('question.vote.score')} data-testid="vote-score">
        {formatCount(vote.value.votes)}
      </span>
      {button('down')}
      {vote.dialog}
    </div>
  );
}
