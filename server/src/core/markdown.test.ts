import { describe, expect, it } from 'vitest';
import { excerpt, plainText, renderMarkdown } from './markdown.js';

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
