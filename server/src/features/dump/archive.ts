import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { DumpError } from './errors.js';

/**
 * The archive is a tar file, gzip-compressed when its name ends in .gz or .tgz. Readers tell the
 * two apart by gzip's magic bytes, not the name, so a renamed archive still restores.
 */
export const wantsGzip = (file: string) => /\.(gz|tgz)$/i.test(file);

export interface ArchiveWriter {
  /** Adds an entry holding `data`. */
  add(name: string, data: Buffer): Promise<void>;
  /** Adds an entry of `size` bytes read from `source` (a tar header states the size first). */
  addStream(name: string, size: number, source: Readable): Promise<void>;
  /** Ends the archive and waits until the file is written. */
  close(): Promise<void>;
}

/** An archive written to `file`, gzip-compressed when `gzip` (by default: when its name says so). */
export function writeArchive(file: string, gzip = wantsGzip(file)): ArchiveWriter {
  const pack = tar.pack();
  const out = fs.createWriteStream(file);
  const written = gzip ? pipeline(pack, zlib.createGzip({ level: 6 }), out) : pipeline(pack, out);
  // A failed write shows up in close(); until then it must not go unhandled.
  written.catch(() => {});
  return {
    add(name, data) {
      return new Promise<void>((resolve, reject) => pack.entry({ name }, data, (err) => (err ? reject(err) : resolve())));
    },
    async addStream(name, size, source) {
      await pipeline(source, pack.entry({ name, size }));
    },
    async close() {
      pack.finalize();
      await written;
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them before asking for the next entry. */
  stream: AsyncIterable<Buffer>;
}

/**
 * The archive's entries in order. A truncated or damaged file (a gzip stream cut short, a tar
 * header that does not check out) ends the iteration with a DumpError saying so.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (err) {
    throw new DumpError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`);
  }
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const gzipped = magic[0] === 0x1f && magic[1] === 0x8b;
  const extract = tar.extract();
  const source = fs.createReadStream(file);
  let failure: unknown = null;
  const feeding = (gzipped ? pipeline(source, zlib.createGunzip(), extract) : pipeline(source, extract)).catch((err: unknown) => {
    failure = err;
  });
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, stream: guarded(entry as unknown as AsyncIterable<Buffer>) };
      // Whatever the caller left unread is skipped, so the next header can be reached.
      entry.resume();
    }
  } catch (err) {
    throw damaged(err);
  } finally {
    extract.destroy();
    source.destroy();
    await feeding;
  }
  if (failure) throw damaged(failure);
}

/** An entry's bytes, with a read error (a cut-off file) told as the archive's damage. */
async function* guarded(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* stream;
  } catch (err) {
    throw damaged(err);
  }
}

function damaged(err: unknown): Error {
  if (err instanceof DumpError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new DumpError(`The archive is truncated or damaged (${detail}).`);
}
