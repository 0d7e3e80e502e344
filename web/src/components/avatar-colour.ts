/**
 * The colours of generated avatars: each carries white initials at a contrast of at least 4.5:1 (WCAG
 * AA for text), and is dark enough to stand out on a dark page yet not vanish on a light one.
 */
export const AVATAR_PALETTE = [
  '#c2185b',
  '#7b1fa2',
  '#512da8',
  '#303f9f',
  '#1565c0',
  '#00796b',
  '#2e7d32',
  '#bf360c',
  '#5d4037',
  '#455a64',
  '#ad1457',
  '#00695c',
] as const;

/** FNV-1a over the UTF-16 code units: a cheap hash that spreads similar names apart. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The colour of a user's generated avatar, the same on every page and visit for the same seed (username or id). */
export const avatarColour = (seed: string): string => AVATAR_PALETTE[hash(seed) % AVATAR_PALETTE.length]!;

/** "Ada Lovelace" -> "AL", "carol" -> "C", "张三" -> "张": the first letter of the first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // Array.from keeps a letter outside the basic plane (an emoji, a rare ideograph) whole.
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
}
