import { describe, expect, test } from 'vitest';
import type { ConfigValues, FieldError } from '@answer/plugin-sdk';
import { checkSubmitted } from '../../../server/src/features/plugin/forms.js';
import { config } from '../src/config.js';

const validate = (values: ConfigValues) => config.validate!(values) as FieldError[];
const page = (slot: number, path: string, title = 'A title', markdown = 'Some *text*') => ({
  [`page${slot}_path`]: path,
  [`page${slot}_title`]: title,
  [`page${slot}_markdown`]: markdown,
});

const INCOMPLETE = { en_US: 'A page needs a path, a title and its content', zh_CN: '页面需要同时填写路径、标题和内容' };
const FORMAT = {
  en_US: 'Use lower-case letters, digits and -, with / between parts, such as about or help/rules',
  zh_CN: '只能使用小写字母、数字和 -，各部分之间用 / 分隔，例如 about 或 help/rules',
};

describe('the form', () => {
  test('five groups, each under its heading: path, title, Markdown', () => {
    const fields = config.fields;
    expect(fields).toHaveLength(20);
    for (let slot = 1; slot <= 5; slot++) {
      const group = fields.slice((slot - 1) * 4, slot * 4);
      expect(group.map((f) => [f.name, f.type])).toEqual([
        [`page${slot}_legend`, 'legend'],
        [`page${slot}_path`, 'input'],
        [`page${slot}_title`, 'input'],
        [`page${slot}_markdown`, 'textarea'],
      ]);
      expect(group[0]!.title).toEqual({ en_US: `Page ${slot}`, zh_CN: `页面 ${slot}` });
      expect(group[3]).toMatchObject({ rows: 12, maxLength: 50_000 });
      expect(group[1]!.description).toHaveProperty('zh_CN');
    }
  });

  test('complete pages and empty slots pass', () => {
    expect(validate({})).toEqual([]);
    expect(validate({ ...page(1, 'about'), ...page(3, 'help/rules'), page2_path: '', page2_title: '', page2_markdown: '' })).toEqual([]);
  });
});

describe('refused pages', () => {
  test('a page without its title or Markdown, and Markdown without a path', () => {
    expect(validate({ page1_path: 'about' })).toEqual([
      { field: 'page1_title', message: INCOMPLETE },
      { field: 'page1_markdown', message: INCOMPLETE },
    ]);
    expect(validate({ page2_title: 'About', page2_markdown: 'Hello' })).toEqual([{ field: 'page2_path', message: INCOMPLETE }]);
    expect(validate(page(4, 'about', '', 'Hello'))).toEqual([{ field: 'page4_title', message: INCOMPLETE }]);
  });

  test('a malformed path', () => {
    for (const path of ['About', '/about', 'about us', '../x', 'help/../admin', 'robots.txt']) {
      expect(validate(page(1, path))).toEqual([{ field: 'page1_path', message: FORMAT }]);
    }
  });

  test('a path the site uses itself, named in the message', () => {
    expect(validate(page(2, 'questions'))).toEqual([
      {
        field: 'page2_path',
        message: { en_US: '“questions” is a name the site uses itself; choose another path', zh_CN: '“questions”是本站自身使用的名称，请换一个路径' },
      },
    ]);
    expect(validate(page(1, 'admin/about'))).toMatchObject([{ field: 'page1_path', message: { en_US: expect.stringContaining('“admin”') } }]);
  });

  test('a path an earlier page has, naming that page', () => {
    expect(validate({ ...page(1, 'about'), ...page(2, 'help'), ...page(4, 'about'), ...page(5, 'help') })).toEqual([
      { field: 'page4_path', message: { en_US: 'Page 1 already has this path', zh_CN: '页面 1 已使用此路径' } },
      { field: 'page5_path', message: { en_US: 'Page 2 already has this path', zh_CN: '页面 2 已使用此路径' } },
    ]);
  });

  test('a partly filled page with a bad path gets both errors', () => {
    expect(validate({ page3_path: 'search' })).toEqual([
      { field: 'page3_title', message: INCOMPLETE },
      { field: 'page3_markdown', message: INCOMPLETE },
      { field: 'page3_path', message: expect.objectContaining({ en_US: expect.stringContaining('“search”') }) },
    ]);
  });
});

describe('saved through the host', () => {
  test('values are stored trimmed, legends not at all', async () => {
    await expect(checkSubmitted(config, { page1_legend: 'x', page1_path: ' about ', page1_title: ' About ', page1_markdown: '\nHello\n' }, {})).resolves.toEqual({
      values: {
        page1_path: 'about',
        page1_title: 'About',
        page1_markdown: 'Hello',
        ...Object.fromEntries([2, 3, 4, 5].flatMap((slot) => ['path', 'title', 'markdown'].map((part) => [`page${slot}_${part}`, '']))),
      },
    });
  });

  test('Markdown up to 50,000 characters', async () => {
    await expect(checkSubmitted(config, page(1, 'about', 'About', 'x'.repeat(50_000)), {})).resolves.toHaveProperty('values');
    await expect(checkSubmitted(config, page(1, 'about', 'About', 'x'.repeat(50_001)), {})).resolves.toEqual({
      errors: [{ field: 'page1_markdown', message: 'error.plugin.field_too_long' }],
    });
  });

  test('the host refuses over-long paths and titles, then the plugin checks the rest', async () => {
    await expect(checkSubmitted(config, page(1, 'a'.repeat(101), 'x'.repeat(121)), {})).resolves.toEqual({
      errors: [
        { field: 'page1_path', message: 'error.plugin.field_too_long' },
        { field: 'page1_title', message: 'error.plugin.field_too_long' },
      ],
    });
    await expect(checkSubmitted(config, { ...page(1, 'about'), ...page(2, 'about') }, {})).resolves.toMatchObject({ errors: [{ field: 'page2_path' }] });
  });
});
