import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en_US/ui.json';
import zhCN from '../../../../locales/zh_CN/ui.json';
import { validateTagNames } from './tag-form';

const lookup = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('tag name checks', () => {
  it('accepts names of 1 to 35 characters', () => {
    expect(validateTagNames({ display_name: 'Go', slug_name: 'go' })).toEqual({});
    expect(validateTagNames({ display_name: 'x'.repeat(35), slug_name: 'y'.repeat(35) })).toEqual({});
  });

  it('says which name is empty, blank counting as empty', () => {
    expect(validateTagNames({ display_name: '  ', slug_name: '' })).toEqual({
      display_name: 'tags.form.display_name_empty',
      slug_name: 'tags.form.slug_name_empty',
    });
  });

  it('refuses a name over 35 characters, not counting the spaces around it', () => {
    expect(validateTagNames({ display_name: 'x'.repeat(36), slug_name: ` ${'y'.repeat(35)} ` })).toEqual({ display_name: 'tags.form.display_name_too_long' });
    expect(validateTagNames({ display_name: 'Go', slug_name: 'y'.repeat(36) })).toEqual({ slug_name: 'tags.form.slug_name_too_long' });
  });

  it.each([
    ['en_US', enUS],
    ['zh_CN', zhCN],
  ])('%s has every message these checks name', (_, bundle) => {
    const keys = ['display_name', 'slug_name'].flatMap((field) => ['empty', 'too_long'].map((kind) => `tags.form.${field}_${kind}`));
    expect(keys.filter((key) => typeof lookup(bundle, key) !== 'string')).toEqual([]);
  });
});
