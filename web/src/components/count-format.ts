/** Counters as the spec shows them: "12.3k" from 10,000 and "1.2m" from 1,000,000. */
export function formatCount(n: number): string {
  const short = (value: number, unit: string) => `${Number(value.toFixed(1))}${unit}`;
  if (n >= 1_000_000) return short(n / 1_000_000, 'm');
  if (n >= 10_000) return short(n / 1_000, 'k');
  return String(n);
}
