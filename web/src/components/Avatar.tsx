import { useState } from 'react';
import { avatarColour, initials } from './avatar-colour';

interface AvatarProps {
  src?: string;
  name: string;
  size?: number;
  /** What picks the generated avatar's colour (the username): stable while the display name changes. */
  seed?: string;
}

/**
 * A user's picture, or their initials on a colour of their own when they have none or it cannot be
 * loaded (an intranet install that cannot reach Gravatar, a removed upload).
 */
export function Avatar({ src, name, size = 32, seed }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt={name} width={size} height={size} className="rounded-circle object-fit-cover flex-shrink-0" onError={() => setFailed(src)} />;
  }
  const letters = initials(name);
  return (
    <span
      role="img"
      aria-label={name}
      className="rounded-circle d-inline-flex align-items-center justify-content-center flex-shrink-0 fw-semibold text-white user-select-none"
      style={{ width: size, height: size, fontSize: size * (letters.length > 1 ? 0.38 : 0.45), lineHeight: 1, backgroundColor: avatarColour(seed || name) }}
      data-testid="generated-avatar"
    >
      {letters}
    </span>
  );
}
