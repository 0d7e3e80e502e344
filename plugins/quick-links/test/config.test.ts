import { describe, expect, test } from 'vitest';
import type { Translatable } from '@answer/plugin-sdk';
import { checkSubmitted } from '../../../server/src/features/plugin/forms.js';
import { config } from '../src/config.js';

const validate = (links: string) => config.validate!({ title: '', links }) as { field: string; message: Translatable }[];

describe('the form', () => {
  test('a title and the links as a textarea, its format described in both languages', () => {
    expect(config.fields.map((f) => [f.name, f.type])).toEqual([
      ['title', 'input'],
      ['links', 'textarea'],
    ]);
    const links = config.fields[1]!;
    for (const language of ['en_US', 'zh_CN']) {
      const description = (links.description as Record<string, string>)[language]!;
      expect(description).toContain('|');
      expect(description).toContain('https://');
      expect(description).toContain('30');
      expect(description).toContain('80');
    }
  });

  test('good links and an empty list pass', () => {
    expect(validate('Rules | /help/rules\n\nSite | https://example.com')).toEqual([]);
    expect(validate('')).toEqual([]);
  });
});

describe('each bad line is refused, named by its number', () => {
  test.each([
    ['no bar', 'Rules /help', 'Line 1: write it as “Label | https://address”.', '第 1 行：请写成“标签 | https://地址”。'],
    ['no label', '/a | /a\n | /help', 'Line 2: the label before “|” is missing.', '第 2 行：“|”前缺少标签。'],
    ['a long label', `${'a'.repeat(81)} | /a`, 'Line 1: the label is longer than 80 characters.', '第 1 行：标签超过 80 个字符。'],
    ['no address', 'Rules |', 'Line 1: the address must start with http://, https:// or / (a page of this site).', '第 1 行：地址必须以 http://、https:// 或 /（本站页面）开头。'],
    ['a script address', 'Click | javascript:alert(1)', 'Line 1: the address must start with http://, https:// or / (a page of this site).', '第 1 行：地址必须以 http://、https:// 或 /（本站页面）开头。'],
    ['another site as a path', 'Click | //evil.example', 'Line 1: the address must start with http://, https:// or / (a page of this site).', '第 1 行：地址必须以 http://、https:// 或 /（本站页面）开头。'],
    ['a relative address', 'Click | tags', 'Line 1: the address must start with http://, https:// or / (a page of this site).', '第 1 行：地址必须以 http://、https:// 或 /（本站页面）开头。'],
  ])('%s', (_, links, en_US, zh_CN) => {
    expect(validate(links)).toEqual([{ field: 'links', message: { en_US, zh_CN } }]);
  });

  test('more than 30 links', () => {
    const links = Array.from({ length: 31 }, (_, i) => `L${i} | /l`).join('\n');
    expect(validate(links)).toEqual([
      { field: 'links', message: { en_US: 'Line 31: there can be at most 30 links.', zh_CN: '第 31 行：最多只能有 30 个链接。' } },
    ]);
  });

  test('every bad line in one message, as the form shows one per field', () => {
    expect(validate('Good | /a\nbad\nAlso bad | ftp://x')).toEqual([
      {
        field: 'links',
        message: {
          en_US: 'Line 2: write it as “Label | https://address”. Line 3: the address must start with http://, https:// or / (a page of this site).',
          zh_CN: '第 2 行：请写成“标签 | https://地址”。第 3 行：地址必须以 http://、https:// 或 /（本站页面）开头。',
        },
      },
    ]);
  });
});

describe('saved through the host', () => {
  test('the values are stored trimmed', async () => {
    await expect(checkSubmitted(config, { title: '  Useful  ', links: '  Rules | /rules\n' }, {})).resolves.toEqual({
      values: { title: 'Useful', links: 'Rules | /rules' },
    });
  });

  test('the host checks the title length before the plugin reads the links', async () => {
    await expect(checkSubmitted(config, { title: 'x'.repeat(81), links: 'bad' }, {})).resolves.toEqual({
      errors: [{ field: 'title', message: 'error.plugin.field_too_long' }],
    });
  });

  test('a bad line refuses the save', async () => {
    const checked = await checkSubmitted(config, { title: '', links: 'Evil | javascript:alert(1)' }, {});
    expect(checked).toMatchObject({ errors: [{ field: 'links' }] });
  });
});
