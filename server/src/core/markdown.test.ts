import { describe, expect, it } from 'vitest';
import { excerpt, plainText, renderMarkdown, renderMarkdownMany, sanitizePostHtml, sanitizePostHtmlMany } from './markdown.js';

describe('plain text of rendered posts', () => {
  it('reads inline markup as part of the sentence and blocks as separate words', () => {
    expect(plainText(renderMarkdown('**migrations**: how to *run* them\n\nSecond paragraph'))).toBe('migrations: how to run them Second paragraph');
    expect(plainText('<ul><li>one</li><li>two</li></ul><p>a&amp;b &lt;tag&gt;</p>')).toBe('one two a&b <tag>');
  });

  it('shortens code blocks in excerpts and cuts at 240 characters', () => {
    expect(excerpt('<p>Before</p><pre><code>let x = 1;</code></pre><p>after</p>')).toBe('Before {code...} after');
    const long = excerpt(`<p>${'word '.repeat(100)}</p>`);
    expect(long.endsWith('...')).toBe(true);
    expect([...long].length).toBe(243);
  });
});

describe('many texts rendered in one sanitiser call', () => {
  const texts = [
    'plain words',
    '**bold** and `code` and [a link](https://example.com/a?b=1&c=2) and <script>alert(1)</script>',
    '<div onclick="x()">raw HTML stays text</div> <!-- not a comment -->',
    '```js\nconst a = "<p>";\n```',
    '```\nunclosed fence with <b>tags</b>',
    '- one\n- two\n\n> quote &amp; entity &',
    'ends with an ampersand &',
    'ends with a partial entity &amp',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    '',
    '![image](https://example.com/i.png "title") [bad](javascript:alert(1))',
    '中文 🙂 and a trailing backslash \\',
  ];

  it('gives each text what rendering it alone gives, in any order', () => {
    const alone = texts.map(renderMarkdown);
    expect(renderMarkdownMany(texts)).toEqual(alone);
    const reversed = [...texts].reverse();
    expect(renderMarkdownMany(reversed)).toEqual(reversed.map(renderMarkdown));
    expect(renderMarkdownMany([texts[1]!])).toEqual([alone[1]]);
    expect(renderMarkdownMany([])).toEqual([]);
  });

  it('falls back to one call each when a text does not end where it began', () => {
    // Raw HTML whose comment never closes swallows the marks after it: each is then sanitised alone.
    const htmls = ['<p>one</p>', '<!-- open', '<p>three</p>'];
    expect(sanitizePostHtmlMany(htmls)).toEqual(htmls.map(sanitizePostHtml));
  });
});
