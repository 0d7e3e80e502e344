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

const ALLOWED: Permission = { allowed: true, tip: '', need: 0 };

/**
 * Whether the signed-in member may take `action` (a privilege key such as `tag.add` or
 * `question.vote_up`), from the server's privilege probe: one request per member and action, kept a
 * minute. Until it answers, and for visitors (whom the member gates send to log in), the control
 * stays as it was: the server still decides every request.
 */
export function usePermission(action: string): Permission {
  const user = useUser();
  const member = deriveLoginState(user).isNormal;
  const probe = useQuery({
    queryKey: ['permission', user?.id ?? '', action],
    queryFn: ({ signal }) => getPermissions([action], signal),
    enabled: member,
    staleTime: 60_000,
  });
  const answer = probe.data?.[action];
  if (!member || !answer) return ALLOWED;
  return { allowed: answer.has_permission, tip: answer.no_permission_tip, need: answer.need_reputation ?? 0 };
}
