import fs from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { ImportError } from '../report.js';
import { keepHeapSmall } from './heap.js';
import { plainRowCount } from './xml-check.js';

/** One `<row .../>` of a dump file: its attributes, and the line it ends on (for problems). */
export interface DumpRow {
  attrs: Record<string, string>;
  line: number;
}

/** Characters read at a time; the parser keeps only the current chunk and the unfinished row. */
const CHUNK = 1 << 20;

/**
 * Streams the rows of one dump file (`<posts><row Id=".." .../>...</posts>`) in batches, in file
 * order, holding one chunk and a few batches in memory whatever the file's size. A batch ends at
 * `batch.rows` rows or `batch.chars` characters of attribute text, whichever comes first: what a
 * batch costs in memory once converted follows its text, and real posts are several times longer
 * than others. A file that is not well-formed XML, or is cut short (the root never closes), or
 * whose root is not `root`, is an ImportError naming the file and line. `onBytes` is told how far
 * into the file the reader is.
 */
export async function* dumpRows(file: string, root: string, batch: { rows: number; chars: number }, onBytes?: (bytes: number) => void): AsyncGenerator<DumpRow[]> {
  const full: DumpRow[][] = [];
  let rows: DumpRow[] = [];
  let chars = 0;
  const onRow = (attrs: Record<string, string>, line: number) => {
    rows.push({ attrs, line });
    for (const name in attrs) chars += attrs[name]!.length;
    if (rows.length < batch.rows && chars < batch.chars) return;
    full.push(rows);
    rows = [];
    chars = 0;
  };
  for await (const _ of parseChunks(file, root, onRow, onBytes)) yield* full.splice(0);
  if (rows.length) yield rows;
}

/**
 * Reads a whole file keeping nothing but a row count: the check every file passes before the
 * import writes, so a truncated file is refused before the site changes. A file written as Stack
 * Exchange writes them is counted by patterns (xml-check.ts); any other goes through the parser,
 * which accepts what XML allows and names the line of what it does not.
 */
export async function countRows(file: string, root: string, onBytes?: (bytes: number) => void): Promise<number> {
  return (await plainRowCount(file, root, onBytes)) ?? (await parsedRowCount(file, root, onBytes));
}

/** countRows through the XML parser, whatever the file. */
export async function parsedRowCount(file: string, root: string, onBytes?: (bytes: number) => void): Promise<number> {
  let rows = 0;
  for await (const _ of parseChunks(file, root, () => rows++, onBytes)) keepHeapSmall(CHECK_HEAP_MB);
  return rows;
}

/** Heap the check pass may fill with parsed rows before they are collected (see heap.ts). */
const CHECK_HEAP_MB = 64;

/** Parses the file a chunk at a time, handing each row to `onRow`; yields after every chunk. */
async function* parseChunks(file: string, root: string, onRow: (attrs: Record<string, string>, line: number) => void, onBytes?: (bytes: number) => void): AsyncGenerator<void> {
  const name = path.basename(file);
  const parser = new SaxesParser();
  let failure: string | null = null;
  let depth = 0;
  let sawRoot = false;
  parser.on('error', (err) => {
    failure ??= err.message;
  });
  parser.on('opentag', (node) => {
    depth++;
    if (depth === 1) {
      sawRoot = true;
      if (node.name !== root) failure ??= `${parser.line}:${parser.column}: the root element is <${node.name}>, expected <${root}>`;
    } else if (depth === 2 && node.name === 'row') onRow(node.attributes as Record<string, string>, parser.line);
  });
  parser.on('closetag', () => {
    depth--;
  });
  const refuse = (why: string): never => {
    throw new ImportError(`${name} is not a complete XML file (line ${why.replace(/^(\d+):(\d+): /, '$1, column $2: ')}); the import wrote nothing from it. Download or unpack the dump again.`);
  };

  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK });
  let first = true;
  try {
    for await (let chunk of stream as AsyncIterable<string>) {
      // Dumps begin with a byte-order mark, which the XML parser would take for text before the root.
      if (first && chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
      parser.write(chunk);
      if (failure) refuse(failure);
      onBytes?.(stream.bytesRead);
      yield;
    }
    parser.close();
  } finally {
    stream.destroy();
  }
  if (!failure && !sawRoot) failure = `${parser.line}:${parser.column}: no <${root}> element`;
  if (failure) refuse(failure);
}
