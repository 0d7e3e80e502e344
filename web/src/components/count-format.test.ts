import { describe, expect, it } from 'vitest';
import { formatCount } from './count-format';

describe('formatCount', () => {
  it('shows small numbers as they are and shortens large ones', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10_000)).toBe('10k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(999_999)).toBe('1000k');
    expect(formatCount(1_250_000)).toBe('1.3m');
  });
});
