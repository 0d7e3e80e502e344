/**
 * The toolbar's text transforms as pure functions of the text and its selection, so they can be
 * tested without an editor. Each returns one replacement and the selection after it.
 */

export interface TextState {
  text: string;
  /** Selection start and end (from <= to). */
  from: number;
  to: number;
}

export interface Edit {
  from: number;
  to: number;
  insert: string;
  /** The selection after the edit, in the new text. */
  anchor: number;
  head: number;
}

/** Applies an edit to a string (what the editor does; used by tests and the fallback textarea). */
export function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}

/** Wraps the selection in `marker` (or unwraps it); an empty selection gets a selected placeholder. */
function wrapInline({ text, from, to }: TextState, marker: string, placeholder: string): Edit {
  const n = marker.length;
  const selected = text.slice(from, to);
  // Already wrapped: unwrap, unless the marker is part of a longer one ("*" inside "**").
  const ch = marker.charAt(0);
  const wrapped = text.slice(from - n, from) === marker && text.slice(to, to + n) === marker;
  if (wrapped && text.charAt(from - n - 1) !== ch && text.charAt(to + n) !== ch) {
    return { from: from - n, to: to + n, insert: selected, anchor: from - n, head: to - n };
  }
  const inner = selected || placeholder;
  return { from, to, insert: marker + inner + marker, anchor: from + n, head: from + n + inner.length };
}

export const bold = (s: TextState, placeholder: string) => wrapInline(s, '**', placeholder);
export const italic = (s: TextState, placeholder: string) => wrapInline(s, '*', placeholder);

/** Inline code for a part of a line; a fenced block for several lines or an empty line. */
export function code(s: TextState, placeholder: string): Edit {
  const selected = s.text.slice(s.from, s.to);
  const line = lineRange(s.text, s.from, s.to);
  const onEmptyLine = !selected && line.start === line.end;
  if (!selected.includes('\n') && !onEmptyLine) return wrapInline(s, '`', placeholder);
  const body = selected || placeholder;
  const before = blockBreakBefore(s.text, s.from);
  const insert = `${before}\`\`\`\n${body}\n\`\`\`\n`;
  const start = s.from + before.length + 4;
  return { from: s.from, to: s.to, insert, anchor: start, head: start + body.length };
}

/** Start of the first and end of the last line the selection touches. */
function lineRange(text: string, from: number, to: number) {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const nl = text.indexOf('\n', to);
  return { start, end: nl === -1 ? text.length : nl };
}

/** What to put before a block so it starts on its own paragraph. */
function blockBreakBefore(text: string, at: number): string {
  const before = text.slice(0, at);
  if (before === '' || before.endsWith('\n\n')) return '';
  return before.endsWith('\n') ? '\n' : '\n\n';
}

/**
 * Adds `prefix(i)` to every line of the selection, or removes the marker when every non-empty line
 * already has it (toolbar buttons toggle). `existing` matches the marker this button puts.
 */
function toggleLinePrefix(s: TextState, existing: RegExp, prefix: (i: number) => string, placeholder: string): Edit {
  const { start, end } = lineRange(s.text, s.from, s.to);
  const block = s.text.slice(start, end);
  if (!block) {
    const p = prefix(0);
    return { from: start, to: end, insert: p + placeholder, anchor: start + p.length, head: start + p.length + placeholder.length };
  }
  const lines = block.split('\n');
  const filled = lines.filter((l) => l.trim());
  const remove = filled.length > 0 && filled.every((l) => existing.test(l));
  let i = 0;
  const insert = lines.map((l) => (remove ? l.replace(existing, '') : l.trim() ? prefix(i++) + l : l)).join('\n');
  return { from: start, to: end, insert, anchor: start, head: start + insert.length };
}

export const blockquote = (s: TextState, placeholder: string) => toggleLinePrefix(s, /^> ?/, () => '> ', placeholder);
export const bulletList = (s: TextState, placeholder: string) => toggleLinePrefix(s, /^[-*+] /, () => '- ', placeholder);
export const orderedList = (s: TextState, placeholder: string) => toggleLinePrefix(s, /^\d+\. /, (i) => `${i + 1}. `, placeholder);

/** A level-2 heading on the current line (or removes the heading marker). */
export function heading(s: TextState, placeholder: string): Edit {
  const { start, end } = lineRange(s.text, s.from, s.from);
  const line = s.text.slice(start, end);
  const marker = /^#{1,6} /.exec(line);
  if (marker) return { from: start, to: start + marker[0].length, insert: '', anchor: start, head: end - marker[0].length };
  if (!line) return { from: start, to: end, insert: `## ${placeholder}`, anchor: start + 3, head: start + 3 + placeholder.length };
  return { from: start, to: start, insert: '## ', anchor: start, head: end + 3 };
}

const INDENT = '    ';

export function indent(s: TextState): Edit {
  const { start, end } = lineRange(s.text, s.from, s.to);
  const insert = s.text
    .slice(start, end)
    .split('\n')
    .map((l) => INDENT + l)
    .join('\n');
  return { from: start, to: end, insert, anchor: start, head: start + insert.length };
}

export function outdent(s: TextState): Edit {
  const { start, end } = lineRange(s.text, s.from, s.to);
  const insert = s.text
    .slice(start, end)
    .split('\n')
    .map((l) => l.replace(/^( {1,4}|\t)/, ''))
    .join('\n');
  return { from: start, to: end, insert, anchor: start, head: start + insert.length };
}

/** Inserts a block (rule, table) at the selection, on its own paragraph; the caret goes after it. */
function insertBlock(s: TextState, block: string): Edit {
  const insert = `${blockBreakBefore(s.text, s.from)}${block}\n\n`;
  const caret = s.from + insert.length;
  return { from: s.from, to: s.to, insert, anchor: caret, head: caret };
}

export const horizontalRule = (s: TextState) => insertBlock(s, '---');

export function table(s: TextState, labels: { column: string; cell: string }): Edit {
  const { column, cell } = labels;
  return insertBlock(s, [`| ${column} | ${column} |`, '| --- | --- |', `| ${cell} | ${cell} |`].join('\n'));
}

/** `[text](url)`; the selected text becomes the link text unless another is given. */
export function link(s: TextState, url: string, text?: string): Edit {
  const label = text || s.text.slice(s.from, s.to) || url;
  const insert = `[${label}](${url})`;
  return { from: s.from, to: s.to, insert, anchor: s.from + 1, head: s.from + 1 + label.length };
}

/** `![alt](url)`, the caret after it. */
export function image(s: TextState, url: string, alt: string): Edit {
  const insert = `![${alt}](${url})`;
  const caret = s.from + insert.length;
  return { from: s.from, to: s.to, insert, anchor: caret, head: caret };
}

/**
 * What a plugin's editor button asks for (EditorAccess.replaceSelection): `insert` in place of the
 * selection, then `select` (offsets within `insert`) selected, else the caret after it.
 */
export function replaceSelection(s: TextState, insert: string, select?: { start: number; end: number }): Edit {
  const clamp = (offset: number) => s.from + Math.min(Math.max(offset, 0), insert.length);
  return { from: s.from, to: s.to, insert, anchor: clamp(select?.start ?? insert.length), head: clamp(select?.end ?? insert.length) };
}
