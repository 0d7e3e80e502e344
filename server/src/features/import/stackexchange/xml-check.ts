import fs from 'node:fs';

/** Characters read at a time. */
const CHUNK = 1 << 20;

// XML's white space, not JavaScript's \s (which takes in no-break and other spaces XML does not).
const S = '[ \\t\\r\\n]';
/**
 * An attribute value: characters XML allows, but `<`, `&` and `"`, and entity references: XML's own,
 * and the numeric ones Stack Exchange writes (line ends, tab, printable ASCII). Any other reference
 * is left to the parser, which knows which characters XML allows.
 */
const TEXT = '[^"<&\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]*';
const VALUE = `"${TEXT}(?:&(?:amp|lt|gt|quot|apos|#x[aAdD9]|#1[03]|#9|#x[2-7][0-9a-fA-F]|#3[2-9]|#[4-9][0-9]|#1[0-2][0-9]);${TEXT})*"`;
/** A row as Stack Exchange writes them: `<row Name="value" ... />`, names in the plainest ASCII. */
const ROW = new RegExp(`${S}*<row((?:${S}+[A-Za-z_][A-Za-z0-9_.-]*=${VALUE})*)${S}*/>`, 'y');
/** The declaration, if any, of XML 1.0 (1.1 allows other characters), and the root's start tag. */
const PROLOG = new RegExp(`^(?:<\\?xml${S}+version="1\\.0"(?:${S}+encoding="[A-Za-z][A-Za-z0-9._-]*")?(?:${S}+standalone="(?:yes|no)")?${S}*\\?>)?${S}*<([A-Za-z_][A-Za-z0-9_.-]*)${S}*>`);
/** An attribute's value, to leave only the names of a row's attributes. */
const VALUES = /="[^"]*"/g;
/**
 * The rows of a dump file, counted by patterns instead of a full XML parser, for the check every
 * file passes before an import writes: a few times faster than the parser, on a pass that reads
 * the whole dump. It recognises only files written as Stack Exchange writes them (a declaration,
 * the root element, rows of double-quoted attributes, no comments, text or other elements) and
 * answers null for anything else, or anything it cannot vouch for, so that the parser decides
 * (xml-rows.ts countRows) and names the line at fault. What it accepts, the parser accepts: its
 * patterns are narrower than XML, and it looks for what they cannot see, a repeated attribute.
 */
export async function plainRowCount(file: string, root: string, onBytes?: (bytes: number) => void): Promise<number | null> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK });
  let text = '';
  let rows = 0;
  let started = false;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      text += chunk;
      if (!started) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        const prolog = PROLOG.exec(text);
        if (!prolog) {
          if (text.length < 4096) continue;
          return null;
        }
        if (prolog[1] !== root) return null;
        text = text.slice(prolog[0].length);
        started = true;
      }
      let at = 0;
      ROW.lastIndex = 0;
      for (let row = ROW.exec(text); row; row = ROW.exec(text)) {
        if (!onceEach(row[1]!)) return null;
        rows++;
        at = ROW.lastIndex;
      }
      // What is left is a row cut by the chunk's end, or the end of the file.
      text = text.slice(at);
      if (text.length > CHUNK * 8) return null;
      onBytes?.(stream.bytesRead);
    }
  } finally {
    stream.destroy();
  }
  return started && new RegExp(`^${S}*</${root}>${S}*$`).test(text) ? rows : null;
}

/** Rows' lists of attribute names seen, and whether each names no attribute twice: a dump's rows have a few such lists. */
const nameLists = new Map<string, boolean>();

function onceEach(attributes: string): boolean {
  const names = attributes.replace(VALUES, '');
  let once = nameLists.get(names);
  if (once === undefined) {
    const list = names.split(/[ \t\r\n]+/).filter(Boolean);
    once = new Set(list).size === list.length;
    if (nameLists.size < 10_000) nameLists.set(names, once);
  }
  return once;
}
