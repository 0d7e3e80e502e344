export type DiffOp = 'same' | 'removed' | 'added';

export interface DiffPart<T> {
  op: DiffOp;
  value: T;
}

/**
 * Above this many table cells (old lines x new lines, after trimming the common ends) the middle is
 * shown as all removed then all added: a 4M-cell table is about 16 MB, and a page must stay usable
 * on a huge rewrite rather than freeze computing the perfect diff.
 */
export const MAX_DIFF_CELLS = 4_000_000;

/**
 * The edit from `before` to `after` as kept, removed and added items: a longest common subsequence,
 * with removals listed before the additions that replace them so a changed line reads "- old, + new".
 */
export function diffSequences<T>(before: readonly T[], after: readonly T[], same: (a: T, b: T) => boolean = Object.is): DiffPart<T>[] {
  let start = 0;
  while (start < before.length && start < after.length && same(before[start]!, after[start]!)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && same(before[endBefore - 1]!, after[endAfter - 1]!)) {
    endBefore--;
    endAfter--;
  }

  const parts: DiffPart<T>[] = before.slice(0, start).map((value) => ({ op: 'same', value }));
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  parts.push(...diffMiddle(a, b, same));
  for (const value of before.slice(endBefore)) parts.push({ op: 'same', value });
  return parts;
}

function diffMiddle<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): DiffPart<T>[] {
  const removedAll = a.map((value): DiffPart<T> => ({ op: 'removed', value }));
  const addedAll = b.map((value): DiffPart<T> => ({ op: 'added', value }));
  if (a.length === 0 || b.length === 0 || (a.length + 1) * (b.length + 1) > MAX_DIFF_CELLS) return [...removedAll, ...addedAll];

  // lcs[i * width + j] = length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = same(a[i]!, b[j]!) ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }

  const parts: DiffPart<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(a[i]!, b[j]!)) {
      parts.push({ op: 'same', value: a[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      parts.push({ op: 'removed', value: a[i]! });
      i++;
    } else {
      parts.push({ op: 'added', value: b[j]! });
      j++;
    }
  }
  for (; i < a.length; i++) parts.push({ op: 'removed', value: a[i]! });
  for (; j < b.length; j++) parts.push({ op: 'added', value: b[j]! });
  return parts;
}

/** A text as lines; an empty text has none (so a new body shows as added lines, not a changed blank one). */
export const linesOf = (text: string): string[] => (text ? text.split(/\r?\n/) : []);

/** Line-by-line diff of two texts (Markdown bodies, titles). */
export const diffLines = (before: string, after: string): DiffPart<string>[] => diffSequences(linesOf(before), linesOf(after));

/** Whether the two versions differ at all. */
export const hasChanges = <T>(parts: readonly DiffPart<T>[]): boolean => parts.some((p) => p.op !== 'same');
