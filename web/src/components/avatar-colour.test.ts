import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColour, initials } from './avatar-colour';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('generated avatars', () => {
  it('give a user the same colour every time, from the palette', () => {
    expect(avatarColour('alice')).toBe(avatarColour('alice'));
    expect(AVATAR_PALETTE).toContain(avatarColour('alice'));
  });

  it('spread users over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColour(`user${i}`)));
    expect(used.size).toBe(AVATAR_PALETTE.length);
  });

  it('carry white initials readably on every colour, and stand apart from a dark page', () => {
    for (const colour of AVATAR_PALETTE) {
      expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      // Bootstrap's dark body background.
      expect(contrast(colour, '#212529'), colour).toBeGreaterThanOrEqual(1.5);
    }
  });

  it('show the first letters of the first two words', () => {
    expect(initials('carol')).toBe('C');
    expect(initials('Ada  Lovelace King')).toBe('AL');
    expect(initials(' 张三 ')).toBe('张');
    expect(initials('😀 smile')).toBe('😀S');
    expect(initials('')).toBe('');
  });
});
