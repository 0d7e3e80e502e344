import { describe, expect, test } from 'vitest';
import { isExternal, isLinkUrl, readLinks } from '../src/links.js';

describe('addresses', () => {
  test.each(['https://example.com', 'http://example.com/a?b=c#d', 'HTTPS://EXAMPLE.COM/x', '/tags', '/questions/ask', '/', '/search?q=a%20b'])('%s is a link', (url) => {
    expect(isLinkUrl(url)).toBe(true);
  });

  test.each([
    '',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'ftp://example.com',
    // Other sites disguised as site paths.
    '//evil.example',
    '/\\evil.example',
    // Relative paths, bare hosts, broken addresses.
    'tags',
    'example.com',
    'https:example.com',
    'https://',
    'https://exa mple.com',
    '/a b',
  ])('%s is not', (url) => {
    expect(isLinkUrl(url)).toBe(false);
  });

  test('only http(s) addresses are other sites', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('/tags')).toBe(false);
  });
});

describe('reading the admin text', () => {
  test('one link a line, spaces around the bar and blank lines ignored', () => {
    expect(readLinks('Rules | /help/rules\r\n\n   \n  Project  |https://example.com/a|b  \nTags|/tags')).toEqual({
      links: [
        { label: 'Rules', url: '/help/rules' },
        // The first bar separates: the address keeps the second.
        { label: 'Project', url: 'https://example.com/a|b' },
        { label: 'Tags', url: '/tags' },
      ],
      problems: [],
    });
    expect(readLinks('')).toEqual({ links: [], problems: [] });
  });

  test('each bad line is named by its number in the textarea, the good ones are kept', () => {
    const text = ['Good | /a', 'no bar here', '', ' | /b', `${'x'.repeat(81)} | /c`, 'Evil | javascript:alert(1)', 'Empty |'].join('\n');
    expect(readLinks(text)).toEqual({
      links: [{ label: 'Good', url: '/a' }],
      problems: [
        { line: 2, problem: 'format' },
        { line: 4, problem: 'label_missing' },
        { line: 5, problem: 'label_too_long' },
        { line: 6, problem: 'url' },
        { line: 7, problem: 'url' },
      ],
    });
  });

  test('labels are counted in characters, not UTF-16 units', () => {
    expect(readLinks(`${'😀'.repeat(80)} | /a`).problems).toEqual([]);
    expect(readLinks(`${'链'.repeat(81)} | /a`).problems).toEqual([{ line: 1, problem: 'label_too_long' }]);
  });

  test('at most 30 links: the first line beyond is named and reading stops', () => {
    const lines = Array.from({ length: 35 }, (_, i) => `Link ${i + 1} | /l/${i + 1}`);
    lines.splice(10, 0, '');
    const { links, problems } = readLinks(lines.join('\n'));
    expect(links).toHaveLength(30);
    expect(links.at(-1)).toEqual({ label: 'Link 30', url: '/l/30' });
    expect(problems).toEqual([{ line: 32, problem: 'too_many' }]);
  });
});
