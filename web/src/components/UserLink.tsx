import { Link } from 'react-router';
import { Avatar } from './Avatar';
import { userPath } from './question-links';

/** The few fields every user card the server sends carries (UserBasicInfo and its kin). */
export interface LinkedUser {
  username: string;
  display_name?: string;
  avatar?: string;
  /** 'deleted' users have no profile to open. */
  status?: string;
}

interface Props {
  user: LinkedUser;
  /** Shows the avatar at this size before the name. */
  avatarSize?: number;
  /** Only the avatar (at `avatarSize`, 32 by default); its alt text names the person. */
  avatarOnly?: boolean;
  className?: string;
}

/** Whether the card leads to a profile: deleted accounts (and nameless cards) have none. */
export const hasProfile = (user: LinkedUser) => Boolean(user.username) && user.status !== 'deleted';

/**
 * A person's name, and optionally avatar, linking to their profile. Beside the name the avatar is
 * decoration (hidden from screen readers), so the link is read once, as the name.
 */
export function UserLink({ user, avatarSize, avatarOnly, className = '' }: Props) {
  const name = user.display_name || user.username;
  const size = avatarSize ?? (avatarOnly ? 32 : undefined);
  const picture = size !== undefined && <Avatar src={user.avatar} name={name} size={size} seed={user.username} />;
  const content = avatarOnly ? (
    picture
  ) : (
    <>
      {picture && <span aria-hidden="true">{picture}</span>}
      <span>{name}</span>
    </>
  );
  const layout = size !== undefined ? 'd-inline-flex align-items-center gap-1' : '';
  if (!hasProfile(user)) {
    return (
      <span className={`${layout} ${className}`} data-testid="user-name">
        {content}
      </span>
    );
  }
  return (
    <Link to={userPath(user.username)} className={`${layout} ${className}`} data-testid="user-link">
      {content}
    </Link>
  );
}
