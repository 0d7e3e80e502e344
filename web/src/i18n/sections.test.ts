import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en_US/ui.json';
import { areaStrings } from './area-strings';
import { firstLoadStrings } from './index';

describe('the English bundle, split in two', () => {
  it('has every section of ui.json in exactly one part', () => {
    const parts = [...Object.keys(firstLoadStrings), ...Object.keys(areaStrings)];
    expect(parts.toSorted()).toEqual(Object.keys(enUS).toSorted());
  });
});
