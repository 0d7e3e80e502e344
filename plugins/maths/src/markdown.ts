/**
 * The markdown-it side of the maths plugin: `$...$` becomes `<span class="math-inline">`, `$$...$$`
 * a `math-display` element, each holding the TeX as escaped text. Nothing is typeset here: the web
 * part does that in the browser, so the stored HTML stays small and the sanitiser only ever sees
 * text inside two known classes.
 */
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;

const isWhite = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * Where a failed search for a closing `$` stopped, per inline run. A closing `$` is valid or not by
 * its own position only, so once one opener found none before position F, no later opener before F
 * can: remembering F keeps "$1 $2 $3 ..." linear instead of rescanning the rest of the line each time.
 */
type DeadEnd = { from: number; to: number; max: number };
const inlineDeadEnd = new WeakMap<StateInline, DeadEnd>();
const displayDeadEnd = new WeakMap<StateInline, DeadEnd>();
// Only openers between the one that searched and where it stopped may reuse its failure, and only
// within the same bounds: link labels are parsed with a shorter posMax, and out of order.
const within = (known: DeadEnd | undefined, pos: number, max: number) =>
  known !== undefined && known.max === max && pos >= known.from && pos < known.to;

/**
 * The closing `$` of inline maths opened at `open`: not escaped, not preceded by white space, not
 * followed by a digit ("$5 and $10" stays text). Stops at a backtick so maths never reaches into
 * a code span. Returns the position, or -(where it stopped) - 1 when there is none.
 */
function findInlineClose(src: string, open: number, max: number): number {
  for (let i = open + 1; i < max; i++) {
    const code = src.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === BACKTICK) return -i - 1;
    else if (code === DOLLAR && i > open + 1 && !isWhite(src.charCodeAt(i - 1)) && !isDigit(src.charCodeAt(i + 1))) return i;
  }
  return -max - 1;
}

/** The closing `$$` of display maths written inside a paragraph; same escape and backtick rules. */
function findDisplayClose(src: string, open: number, max: number): number {
  for (let i = open + 2; i < max; i++) {
    const code = src.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === BACKTICK) return -i - 1;
    else if (code === DOLLAR && src.charCodeAt(i + 1) === DOLLAR) return i > open + 2 ? i : -i - 1;
  }
  return -max - 1;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== DOLLAR) return false;

  if (src.charCodeAt(pos + 1) === DOLLAR) {
    const knownDead = within(displayDeadEnd.get(state), pos, posMax);
    const close = knownDead ? -1 : findDisplayClose(src, pos, posMax);
    if (close < 0) {
      if (!knownDead) displayDeadEnd.set(state, { from: pos, to: -close - 1, max: posMax });
      // A lone "$$" is text: consuming both keeps the second one from opening inline maths.
      if (!silent) state.pending += '$$';
      state.pos += 2;
      return true;
    }
    if (!silent) state.push('math_display_inline', 'span', 0).content = src.slice(pos + 2, close);
    state.pos = close + 2;
    return true;
  }

  // "$ 5" is not maths: an opening `$` is followed by something other than white space.
  if (pos + 1 >= posMax || isWhite(src.charCodeAt(pos + 1))) return false;
  if (within(inlineDeadEnd.get(state), pos, posMax)) return false;
  const close = findInlineClose(src, pos, posMax);
  if (close < 0) {
    inlineDeadEnd.set(state, { from: pos, to: -close - 1, max: posMax });
    return false;
  }
  if (!silent) state.push('math_inline', 'span', 0).content = src.slice(pos + 1, close);
  state.pos = close + 1;
  return true;
}

/**
 * `$$` at the start of a line opens display maths: closed on the same line (`$$ x $$`) or by the
 * first later line holding `$$`, which must end it. A blank line or leaving the enclosing list or
 * quote abandons the block (TeX forbids blank lines in display maths too), and then the line is an
 * ordinary paragraph. The rule does not interrupt paragraphs; `$$` inside one is handled inline.
 */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false; // indented code
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const end = state.eMarks[startLine]!;
  if (state.src.charCodeAt(start) !== DOLLAR || state.src.charCodeAt(start + 1) !== DOLLAR) return false;

  const first = state.src.slice(start + 2, end);
  const lines: string[] = [];
  let last = startLine;
  const firstClose = first.indexOf('$$');
  if (firstClose >= 0) {
    if (first.slice(firstClose + 2).trim() !== '' || first.slice(0, firstClose).trim() === '') return false;
    lines.push(first.slice(0, firstClose));
  } else {
    lines.push(first);
    let closed = false;
    for (last = startLine + 1; last < endLine; last++) {
      const lineStart = state.bMarks[last]! + state.tShift[last]!;
      const lineEnd = state.eMarks[last]!;
      if (lineStart >= lineEnd || state.sCount[last]! < state.blkIndent) return false;
      const text = state.src.slice(lineStart, lineEnd);
      const close = text.indexOf('$$');
      if (close >= 0) {
        if (text.slice(close + 2).trim() !== '') return false;
        lines.push(text.slice(0, close));
        closed = true;
        break;
      }
      lines.push(text);
    }
    if (!closed) return false;
  }
  if (silent) return true;

  const token = state.push('math_display', 'div', 0);
  token.block = true;
  token.content = lines.join('\n').trim();
  token.map = [startLine, last + 1];
  token.markup = '$$';
  state.line = last + 1;
  return true;
}

/** Adds the maths rules to a markdown-it instance (the host calls this through `render.markdown`). */
export function mathsMarkdown(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_display', mathBlock);
  md.renderer.rules.math_inline = (tokens, idx) => `<span class="math-inline">${escape(tokens[idx]!.content)}</span>`;
  md.renderer.rules.math_display_inline = (tokens, idx) => `<span class="math-display">${escape(tokens[idx]!.content)}</span>`;
  md.renderer.rules.math_display = (tokens, idx) => `<div class="math-display">${escape(tokens[idx]!.content)}</div>\n`;
}

/** What the sanitiser must let through for that markup (and nothing more: no attributes but class). */
export const mathsMarkup = {
  tags: ['div', 'span'],
  classes: { span: ['math-inline', 'math-display'], div: ['math-display'] },
};
