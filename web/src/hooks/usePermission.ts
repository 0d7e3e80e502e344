import { useQuery } from '@tanstack/react-query';
import { getPermissions } from '../api/common';
import { deriveLoginState } from '../app/login-state';
import { useUser } from '../state/user';

/** What a control needs to know to be honest about a privilege: may the person, and if not, why. */
export interface Permission {
  allowed: boolean;
  /** The server's sentence ("You need at least 750 reputation to do this."), empty when allowed. */
  tip: string;
  /** The reputation the action needs (0 when a role decides, or when allowed). */
  need: number;
}

/**
 * The privileges the reading and writing pages show controls for, asked in one request per member
 * (kept a minute): votes, comments, flags and new tags.
 */
export const PROBED_ACTIONS = [
  'question.vote_up',
  'question.vote_down',
  'answer.vote_up',
  'answer.vote_down',
  'comment.vote_up',
  'comment.add',
  'report.add',
  'tag.add',
] as const;
export type ProbedAction = (typeof PROBED_ACTIONS)[number];

const ALLOWED: Permission = { allowed: true, tip: '', need: 0 };

/**
 * Whether the signed-in member may take `action`, from the server's privilege probe. Until it
 * answers, and for visitors (whom the member gates send to log in), the control stays as it was:
 * the server still decides every request.
 */
export function usePermission(action: ProbedAction): Permission {
  const user = useUser();
  const member = deriveLoginState(user).isNormal;
  const probe = useQuery({
    queryKey: ['permission', user?.id ?? ''],
    queryFn: ({ signal }) => getPermissions(PROBED_ACTIONS, signal),
    enabled: member,
    staleTime: 60_000,
  });
  const answer = probe.data?.[action];
  if (!member || !answer) return ALLOWED;
  return { allowed: answer.has_permission, tip: answer.no_permission_tip, need: answer.need_reputation ?? 0 };
}
