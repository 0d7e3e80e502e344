import { describe, expect, it } from 'vitest';
import { definePlugin, pluginTypes, translate } from '../src/index.js';

describe('plugin SDK helpers', () => {
  it('translates to the reader\'s language, then en_US, then the first given', () => {
    expect(translate({ en_US: 'Hello', zh_CN: '你好' }, 'zh_CN')).toBe('你好');
    expect(translate({ en_US: 'Hello', zh_CN: '你好' }, 'fr_FR')).toBe('Hello');
    expect(translate({ de_DE: 'Hallo' }, 'fr_FR')).toBe('Hallo');
    expect(translate('Plain', 'zh_CN')).toBe('Plain');
    expect(translate(undefined, 'en_US')).toBe('');
  });

  it('derives the types a plugin implements from its hooks and web part', () => {
    const plugin = definePlugin({
      info: { slug_name: 'x', name: 'X', description: '', version: '1.0.0' },
      config: { fields: [] },
      routes: {},
      render: {},
      web: { dir: 'dist/web', module: 'web.js', adds: ['editor', 'page'] },
    });
    expect(pluginTypes(plugin)).toEqual(['config', 'agent', 'render', 'editor', 'route']);
  });
});
