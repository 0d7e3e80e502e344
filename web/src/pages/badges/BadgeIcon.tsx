import { iconPaths, isImageIcon, levelName } from './badge-view';
import './badges.css';

/**
 * A badge's icon in its level's colour (bronze, silver, gold). Decoration: the badge's name is
 * always written beside it, so it is hidden from screen readers.
 */
export function BadgeIcon({ icon, level, size = 24 }: { icon: string; level: number; size?: number }) {
  const tone = `badge-level-${levelName(level)}`;
  if (isImageIcon(icon)) {
    return <img src={icon} alt="" width={size} height={size} className={`badge-icon ${tone} object-fit-contain`} aria-hidden="true" />;
  }
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor" className={`badge-icon ${tone} flex-shrink-0`} aria-hidden="true" focusable="false">
      {iconPaths(icon).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The level as a word in its colour, for places that also say it (the badge page, the admin list). */
export function LevelLabel({ level, label }: { level: number; label: string }) {
  return (
    <span className={`badge-level-label badge-level-${levelName(level)}`} data-testid="badge-level">
      <span className="badge-level-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
