import { describe, expect, it } from 'vitest';
import {
  type Edit,
  type TextState,
  applyEdit,
  blockquote,
  bold,
  bulletList,
  code,
  heading,
  horizontalRule,
  image,
  indent,
  italic,
  link,
  orderedList,
  outdent,
  replaceSelection,
  table,
} from './markdown-commands';

/**
 * Runs a transform on text written with the selection marked: "[" and "]" around it, or "|" for a
 * caret; returns the result in the same notation.
 */
function run(marked: string, transform: (s: TextState) => Edit): string {
  const caret = marked.indexOf('|');
  let text: string;
  let from: number;
  let to: number;
  if (caret >= 0) {
    text = marked.replace('|', '');
    from = to = caret;
  } else {
    from = marked.indexOf('[');
    to = marked.indexOf(']') - 1;
    text = marked.replace('[', '').replace(']', '');
  }
  const edit = transform({ text, from, to });
  const out = applyEdit(text, edit);
  const [a, b] = [Math.min(edit.anchor, edit.head), Math.max(edit.anchor, edit.head)];
  return a === b ? `${out.slice(0, a)}|${out.slice(a)}` : `${out.slice(0, a)}[${out.slice(a, b)}]${out.slice(b)}`;
}

describe('inline styles', () => {
  it('wraps the selection in bold and italic markers, keeping it selected', () => {
    expect(run('say [hello] world', (s) => bold(s, 'strong'))).toBe('say **[hello]** world');
    expect(run('say [hello] world', (s) => italic(s, 'em'))).toBe('say *[hello]* world');
  });

  it('inserts a selected placeholder at a caret', () => {
    expect(run('a |b', (s) => bold(s, 'strong text'))).toBe('a **[strong text]**b');
  });

  it('unwraps text that already has the marker', () => {
    expect(run('say **[hello]** world', (s) => bold(s, 'x'))).toBe('say [hello] world');
    expect(run('*[hi]*', (s) => italic(s, 'x'))).toBe('[hi]');
  });

  it('does not mistake bold for italic', () => {
    expect(run('**[hi]**', (s) => italic(s, 'x'))).toBe('***[hi]***');
  });
});

describe('code', () => {
  it('uses backticks inside a line', () => {
    expect(run('run [npm i] now', (s) => code(s, 'code'))).toBe('run `[npm i]` now');
  });

  it('fences several lines, on their own paragraph', () => {
    expect(run('intro\n[a\nb]', (s) => code(s, 'code'))).toBe('intro\n\n```\n[a\nb]\n```\n');
  });

  it('fences a placeholder on an empty line', () => {
    expect(run('|', (s) => code(s, 'code'))).toBe('```\n[code]\n```\n');
  });
});

describe('line prefixes', () => {
  it('quotes every selected line and toggles back', () => {
    expect(run('[one\ntwo]', (s) => blockquote(s, 'quote'))).toBe('[> one\n> two]');
    expect(run('[> one\n> two]', (s) => blockquote(s, 'quote'))).toBe('[one\ntwo]');
  });

  it('quotes the whole line when only a caret is in it', () => {
    expect(run('first\nsec|ond', (s) => blockquote(s, 'quote'))).toBe('first\n[> second]');
  });

  it('numbers non-empty lines in order and skips blank ones', () => {
    expect(run('[apples\n\npears]', (s) => orderedList(s, 'item'))).toBe('[1. apples\n\n2. pears]');
    expect(run('[1. apples\n2. pears]', (s) => orderedList(s, 'item'))).toBe('[apples\npears]');
  });

  it('makes bullets, with a placeholder on an empty line', () => {
    expect(run('[a\nb]', (s) => bulletList(s, 'item'))).toBe('[- a\n- b]');
    expect(run('text\n|', (s) => bulletList(s, 'item'))).toBe('text\n- [item]');
  });

  it('toggles a level-2 heading', () => {
    expect(run('Ti|tle', (s) => heading(s, 'Heading'))).toBe('[## Title]');
    expect(run('## Ti|tle', (s) => heading(s, 'Heading'))).toBe('[Title]');
    expect(run('x\n|', (s) => heading(s, 'Heading'))).toBe('x\n## [Heading]');
  });

  it('indents and outdents whole lines by four spaces', () => {
    expect(run('[a\nb]', indent)).toBe('[    a\n    b]');
    expect(run('[      a\n\tb\nc]', outdent)).toBe('[  a\nb\nc]');
  });
});

describe('blocks and links', () => {
  it('puts a rule on its own paragraph and the caret after it', () => {
    expect(run('text|', horizontalRule)).toBe('text\n\n---\n\n|');
    expect(run('text\n\n|', horizontalRule)).toBe('text\n\n---\n\n|');
  });

  it('inserts a two-column table', () => {
    expect(run('|', (s) => table(s, { column: 'Column', cell: 'Text' }))).toBe(
      '| Column | Column |\n| --- | --- |\n| Text | Text |\n\n|',
    );
  });

  it('links the selected text, or the URL itself', () => {
    expect(run('see [docs] here', (s) => link(s, 'https://example.com'))).toBe('see [[docs]](https://example.com) here');
    expect(run('|', (s) => link(s, 'https://a.b', 'A'))).toBe('[[A]](https://a.b)');
    expect(run('|', (s) => link(s, 'https://a.b'))).toBe('[[https://a.b]](https://a.b)');
  });

  it('inserts an image with its description', () => {
    expect(run('pic: |', (s) => image(s, '/uploads/post/a.png', 'diagram'))).toBe('pic: ![diagram](/uploads/post/a.png)|');
  });
});

describe("a plugin button's replaceSelection", () => {
  it('replaces the selection and leaves the caret after the new text', () => {
    expect(run('area: [x^2] end', (s) => replaceSelection(s, '$x^2$'))).toBe('area: $x^2$| end');
  });

  it('selects the part it is told to, within the new text (clamped to it)', () => {
    expect(run('a |b', (s) => replaceSelection(s, '$$formula$$', { start: 2, end: 9 }))).toBe('a $$[formula]$$b');
    expect(run('|', (s) => replaceSelection(s, 'ab', { start: -3, end: 10 }))).toBe('[ab]');
  });
});
