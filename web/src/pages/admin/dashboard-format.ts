/** Bytes as B/KB/MB/GB (1024 steps); a value the server already formatted is shown as it is. */
export function formatBytes(value: number | string): string {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return String(value);
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = n;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
}

/** A duration in seconds as "3d 4h 5m" (minutes only below an hour). */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return [days && `${days}d`, (days || hours) && `${hours}h`, `${minutes}m`].filter(Boolean).join(' ');
}

/** A count in full with the language's digit grouping ("12,345"): token figures, where "12.3k" hides too much. */
export const formatWhole = (value: number, language: string): string => new Intl.NumberFormat(language.replace('_', '-')).format(value);
