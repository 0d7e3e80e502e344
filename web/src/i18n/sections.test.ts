import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en_US/ui.json';
import { connector } from '../../../locales/en_US/ui.json?part=connector';
import { users } from '../../../locales/en_US/ui.json?part=users';
import { areaStrings } from './area-strings';
import { firstLoadStrings } from './index';

describe('the English bundle, split in parts', () => {
  it('has every section of ui.json in exactly one part', () => {
    // The entry's, the areas' download, the people pages' own (users-strings.ts) and the account pages' (connector-strings.ts).
    const parts = [...Object.keys(firstLoadStrings), ...Object.keys(areaStrings), ...Object.keys({ users }), ...Object.keys({ connector })];
    expect(parts.toSorted()).toEqual(Object.keys(enUS).toSorted());
  });
});
