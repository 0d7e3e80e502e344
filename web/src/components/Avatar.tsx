import { useState } from 'react';

/**
 * A user's picture, or their initial on a tinted circle when they have none or it cannot be loaded
 * (an intranet install that cannot reach Gravatar, a removed upload).
 */
export function Avatar({ src, name, size = 32 }: { src?: string; name: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt={name} width={size} height={size} className="rounded-circle object-fit-cover" onError={() => setFailed(src)} />;
  }
  return (
    <span
      role="img"
      aria-label={name}
      className="rounded-circle bg-secondary-subtle text-secondary-emphasis d-inline-flex align-items-center justify-content-center fw-semibold"
      style={{ width: size, height: size, fontSize: size / 2 }}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
