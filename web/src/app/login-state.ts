import { MAIL_STATUS, ROLE } from '@answer/contract';
import type { UserInfo } from '../api/types';

/** The derived login state of spec section 4; every guard and menu decides from this. */
export interface LoginState {
  isLoggedIn: boolean;
  isActivated: boolean;
  isNotActivated: boolean;
  isForbidden: boolean;
  /** Activated and not suspended: the only state in which a role counts. */
  isNormal: boolean;
  isAdmin: boolean;
  isModerator: boolean;
}

type SessionFields = Pick<UserInfo, 'access_token' | 'mail_status' | 'status' | 'role_id'>;

export function deriveLoginState(user: SessionFields | null | undefined): LoginState {
  const isLoggedIn = Boolean(user?.access_token);
  const isActivated = isLoggedIn && user?.mail_status === MAIL_STATUS.verified;
  const isNotActivated = isLoggedIn && user?.mail_status === MAIL_STATUS.unverified;
  const isForbidden = isLoggedIn && user?.status === 'suspended';
  const isNormal = isActivated && !isForbidden;
  return {
    isLoggedIn,
    isActivated,
    isNotActivated,
    isForbidden,
    isNormal,
    isAdmin: isNormal && user?.role_id === ROLE.admin,
    isModerator: isNormal && user?.role_id === ROLE.moderator,
  };
}
