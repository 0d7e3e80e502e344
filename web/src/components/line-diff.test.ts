import { describe, expect, it } from 'vitest';
import { type DiffPart, MAX_DIFF_CELLS, diffLines, diffSequences, hasChanges, linesOf } from './line-diff';

const render = (parts: DiffPart<string>[]) => parts.map((p) => `${p.op === 'same' ? ' ' : p.op === 'removed' ? '-' : '+'}${p.value}`);
const side = (parts: DiffPart<string>[], op: 'removed' | 'added') => parts.filter((p) => p.op === 'same' || p.op === op).map((p) => p.value);

describe('diffLines', () => {
  it('keeps identical texts as unchanged lines', () => {
    const parts = diffLines('a\nb', 'a\nb');
    expect(render(parts)).toEqual([' a', ' b']);
    expect(hasChanges(parts)).toBe(false);
  });

  it('shows an inserted line between kept ones', () => {
    expect(render(diffLines('a\nc', 'a\nb\nc'))).toEqual([' a', '+b', ' c']);
  });

  it('shows a deleted line', () => {
    expect(render(diffLines('a\nb\nc', 'a\nc'))).toEqual([' a', '-b', ' c']);
  });

  it('shows a changed line as the old one removed, then the new one added', () => {
    const parts = diffLines('title\nold words\nend', 'title\nnew words\nend');
    expect(render(parts)).toEqual([' title', '-old words', '+new words', ' end']);
    expect(hasChanges(parts)).toBe(true);
  });

  it('keeps lines common to both sides even when they moved among changes', () => {
    expect(render(diffLines('x\na\ny\nb', 'a\nz\nb\nw'))).toEqual(['-x', ' a', '-y', '+z', ' b', '+w']);
  });

  it('shows a first version as all added and an emptied text as all removed', () => {
    expect(render(diffLines('', 'one\ntwo'))).toEqual(['+one', '+two']);
    expect(render(diffLines('one', ''))).toEqual(['-one']);
    expect(diffLines('', '')).toEqual([]);
  });

  it('treats Windows line endings like Unix ones', () => {
    expect(linesOf('a\r\nb')).toEqual(['a', 'b']);
    expect(hasChanges(diffLines('a\r\nb', 'a\nb'))).toBe(false);
  });

  it('always lets each side be read back from the diff', () => {
    const before = 'the\nquick\nbrown\nfox\njumps\nover\nthe\nlazy\ndog';
    const after = 'a\nquick\nred\nfox\nleaps\nover\nthe\ndog\ntoday';
    const parts = diffLines(before, after);
    expect(side(parts, 'removed')).toEqual(linesOf(before));
    expect(side(parts, 'added')).toEqual(linesOf(after));
  });

  it('falls back to removed-then-added for a rewrite too big to compare line by line, keeping common ends', () => {
    const size = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)) + 1;
    const before = ['head', ...Array.from({ length: size }, (_, i) => `old ${i}`), 'tail'];
    const after = ['head', ...Array.from({ length: size }, (_, i) => `new ${i}`), 'tail'];
    const parts = diffSequences(before, after);
    expect(parts[0]).toEqual({ op: 'same', value: 'head' });
    expect(parts.at(-1)).toEqual({ op: 'same', value: 'tail' });
    expect(parts.slice(1, size + 1).every((p) => p.op === 'removed')).toBe(true);
    expect(parts.slice(size + 1, -1).every((p) => p.op === 'added')).toBe(true);
    expect(side(parts, 'removed')).toEqual(before);
    expect(side(parts, 'added')).toEqual(after);
  });
});

describe('diffSequences', () => {
  it('compares items with the given equality (tags by slug)', () => {
    const tag = (slug_name: string) => ({ slug_name });
    const parts = diffSequences([tag('go'), tag('rust')], [tag('go'), tag('zig')], (x, y) => x.slug_name === y.slug_name);
    expect(parts.map((p) => `${p.op}:${p.value.slug_name}`)).toEqual(['same:go', 'removed:rust', 'added:zig']);
  });
});
