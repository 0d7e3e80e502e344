import { describe, expect, it } from 'vitest';
import { shortcutOf } from './keys';

const press = (key: string, over: Partial<KeyboardEvent> = {}, tagName = 'BODY') =>
  shortcutOf({ key, ctrlKey: false, altKey: false, metaKey: false, target: { tagName, isContentEditable: false } as unknown as EventTarget, ...over });

describe('site-wide keys', () => {
  it('knows "/", "a" and "?"', () => {
    expect([press('/'), press('a'), press('?'), press('b')]).toEqual(['/', 'a', '?', null]);
  });

  it('never takes a key while the reader types or uses a modifier', () => {
    expect(press('a', {}, 'INPUT')).toBeNull();
    expect(press('/', {}, 'TEXTAREA')).toBeNull();
    expect(press('a', { target: { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget })).toBeNull();
    expect(press('a', { ctrlKey: true })).toBeNull();
    expect(press('/', { metaKey: true })).toBeNull();
  });
});
