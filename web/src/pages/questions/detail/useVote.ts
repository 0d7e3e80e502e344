import { type VoteDirection, castVote } from '../../../api/votes';
import { useCaptcha } from '../../../components/captcha/useCaptcha';
import { useMemberGate } from './useMemberGate';
import { useOptimisticValue } from './useOptimisticValue';
import { type VoteState, voteStateOf, voteStep } from './vote-state';

/**
 * Voting on a post or comment: members only, through a captcha when the server wants one, shown
 * at once and rolled back if refused. `onVoted` runs once the server counted the vote.
 */
export function useVote(objectId: string, current: VoteState, onVoted?: () => void) {
  const gate = useMemberGate();
  const captcha = useCaptcha('vote');
  const vote = useOptimisticValue(current);

  const click = async (direction: VoteDirection) => {
    if (!gate()) return;
    const step = voteStep(vote.value, direction);
    const counted = await vote.change(step.next, async () => {
      const outcome = await captcha.run((answer) => castVote(step.direction, objectId, step.isCancel, answer));
      return outcome.ok ? voteStateOf(outcome.value) : null;
    });
    if (counted) onVoted?.();
  };

  return { value: vote.value, busy: vote.busy, click, dialog: captcha.dialog };
}
