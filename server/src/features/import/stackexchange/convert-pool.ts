import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportError } from '../report.js';
import type { ConvertJob, Converted } from './convert.js';
import type { PoolReply, PoolRequest } from './convert-worker.js';
import { countRows } from './xml-rows.js';

/**
 * Converting bodies (HTML to Markdown, sanitising, search terms) is most of an import's work, so it
 * runs on worker threads while the main thread parses XML and writes the previous batch. The main
 * thread converts nothing itself: it holds the batches, so its heap is the larger one, and a body
 * converted there costs about three times the CPU it costs on a thread, most of it in garbage
 * collection (docs/benchmarks.md, sixth session). A thread collects its garbage early
 * (convert-worker.ts, heap.ts); HEAP_MB is only the hard ceiling V8 enforces on it. Where threads
 * cannot start (a build without the worker file), the same work is done in this thread; otherwise
 * this thread never loads the renderers (some 15 MB of heap its collections would mark again and again).
 */
const HEAP_MB = 128;

export interface ConvertPool {
  convert(jobs: ConvertJob[]): Promise<Converted[]>;
  /** Checks a dump file (xml-rows.ts countRows) on a thread, so that this one can check another meanwhile. */
  check(file: string, root: string, onBytes: (bytes: number) => void): Promise<number>;
  close(): Promise<void>;
}

/**
 * One thread per core but the one that reads and writes, at most MAX_THREADS: each thread holds
 * its own copy of the renderers (some 40 MB), and the writer, not conversion, is the limit beyond.
 */
const MAX_THREADS = 3;

/**
 * Jobs per message: small, so the threads of a batch finish together; not tiny, so messages stay
 * cheap and the sanitiser's set-up is shared by many texts (convertAll): 100 at a time cost about a
 * tenth less a post than 20.
 */
const CHUNK = 100;
/** Chunks a thread holds after its first share, so that it starts the next while this thread reads a result. */
const IN_FLIGHT = 2;

export function convertPool(threads = Math.min(MAX_THREADS, Math.max(1, os.availableParallelism() - 1))): ConvertPool {
  const workers = startWorkers(threads);
  if (!workers.length) {
    return {
      convert: async (jobs) => {
        const { convertAll } = await import('./convert.js');
        return convertAll(jobs);
      },
      check: countRows,
      close: async () => {},
    };
  }
  let nextId = 0;
  let broken: unknown = null;
  const waiting = new Map<number, { resolve: (r: never) => void; reject: (e: unknown) => void; onBytes?: (bytes: number) => void }>();
  const fail = (err: unknown) => {
    broken ??= err;
    for (const p of waiting.values()) p.reject(err);
    waiting.clear();
  };
  for (const w of workers) {
    w.on('message', (message: PoolReply) => {
      const pending = waiting.get(message.id);
      if (!pending) return;
      if ('bytes' in message) return pending.onBytes?.(message.bytes);
      waiting.delete(message.id);
      if ('refused' in message) pending.reject(new ImportError(message.refused));
      else pending.resolve(('results' in message ? message.results : message.rows) as never);
    });
    w.on('error', fail);
    w.on('exit', (code) => {
      if (code !== 0 || waiting.size) fail(new Error(`a conversion thread stopped (exit code ${code})`));
    });
  }
  const request = <T>(w: Worker, body: { jobs: ConvertJob[] } | { check: { file: string; root: string } }, onBytes?: (bytes: number) => void) =>
    new Promise<T>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (r: never) => void, reject, onBytes });
      w.postMessage({ id, ...body } satisfies PoolRequest);
    });
  const send = (w: Worker, jobs: ConvertJob[]) => request<Converted[]>(w, { jobs });
  return {
    async convert(jobs) {
      if (!jobs.length) return [];
      // The jobs are cut in chunks that the threads take as they finish one, so that none waits
      // for another's share fixed in advance. Each is first given half its part of an even split
      // at once: this thread writes the batch before as soon as it yields, and hands out nothing
      // meanwhile. After that a thread holds IN_FLIGHT chunks at most. A lone thread has no other
      // to wait for: it is given every chunk at once, and never waits for this thread to hand out more.
      const results: Converted[] = new Array(jobs.length);
      let next = 0;
      const feed = async (w: Worker) => {
        const pending = new Set<Promise<void>>();
        const sendNext = () => {
          if (broken || next >= jobs.length) return false;
          const start = next;
          next = Math.min(jobs.length, next + CHUNK);
          const sent: Promise<void> = send(w, jobs.slice(start, next)).then((out) => {
            for (let i = 0; i < out.length; i++) results[start + i] = out[i]!;
            pending.delete(sent);
          });
          pending.add(sent);
          return true;
        };
        const firstShare = workers.length === 1 ? jobs.length : Math.floor(jobs.length / workers.length / CHUNK / 2);
        for (let i = 0; i < Math.max(IN_FLIGHT, firstShare) && sendNext(); i++);
        while (pending.size) {
          await Promise.race(pending);
          while (pending.size < IN_FLIGHT && sendNext());
        }
      };
      await Promise.all(workers.map(feed));
      if (broken) throw broken;
      return results;
    },
    check: (file, root, onBytes) => request<number>(workers[0]!, { check: { file, root } }, onBytes),
    async close() {
      broken ??= new Error('the conversion threads were closed');
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function startWorkers(threads: number): Worker[] {
  // In the build the worker is JavaScript beside this module; from the sources it is TypeScript,
  // loaded through tsx's loader, which a thread has to register for itself.
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(fromSources ? './convert-worker.ts' : './convert-worker.js', import.meta.url);
  if (!fs.existsSync(fileURLToPath(file))) return [];
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } };
  const tsx = fromSources ? pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href : '';
  const viaTsx = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return Array.from({ length: threads }, () => (fromSources ? new Worker(viaTsx, { ...options, eval: true }) : new Worker(file, options)));
}
