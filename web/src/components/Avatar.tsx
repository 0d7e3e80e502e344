/** A user's picture, or their initial on a tinted circle when they have none. */
export function Avatar({ src, name, size = 32 }: { src?: string; name: string; size?: number }) {
  if (src) {
    return <img src={src} alt={name} width={size} height={size} className="rounded-circle object-fit-cover" />;
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
