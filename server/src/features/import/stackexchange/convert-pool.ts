import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ConvertJob, type Converted, convert } from './convert.js';

/**
 * Turning HTML into Markdown and rendering it again is most of an import's work, so it runs on
 * worker threads (and a share on the main thread) while the main thread parses XML and writes the
 * previous batch. A thread collects its garbage early (convert-worker.ts, heap.ts); HEAP_MB is
 * only the hard ceiling V8 enforces on it. Where threads cannot start (a build without the worker
 * file), the same work is done in this thread.
 */
const HEAP_MB = 128;

export interface ConvertPool {
  convert(jobs: ConvertJob[]): Promise<Converted[]>;
  close(): Promise<void>;
}

/**
 * One thread per core but the one that reads and writes, at most MAX_THREADS: each thread holds
 * its own copy of the renderers (some 40 MB), and the writer, not conversion, is the limit beyond.
 */
const MAX_THREADS = 3;

export function convertPool(threads = Math.min(MAX_THREADS, Math.max(1, os.availableParallelism() - 1))): ConvertPool {
  const workers = startWorkers(threads);
  if (!workers.length) return { convert: async (jobs) => jobs.map(convert), close: async () => {} };
  let nextId = 0;
  let broken: unknown = null;
  const waiting = new Map<number, { resolve: (r: Converted[]) => void; reject: (e: unknown) => void }>();
  const fail = (err: unknown) => {
    broken ??= err;
    for (const p of waiting.values()) p.reject(err);
    waiting.clear();
  };
  for (const w of workers) {
    w.on('message', ({ id, results }: { id: number; results: Converted[] }) => {
      waiting.get(id)?.resolve(results);
      waiting.delete(id);
    });
    w.on('error', fail);
    w.on('exit', (code) => {
      if (code !== 0 || waiting.size) fail(new Error(`a conversion thread stopped (exit code ${code})`));
    });
  }
  const send = (w: Worker, jobs: ConvertJob[]) =>
    new Promise<Converted[]>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      w.postMessage({ id, jobs });
    });
  return {
    async convert(jobs) {
      if (jobs.length < 2 * workers.length) return jobs.map(convert);
      // This thread takes a share too, half a thread's: it would otherwise wait for the threads,
      // its own reading and writing being lighter than converting.
      const per = Math.ceil((2 * jobs.length) / (2 * workers.length + 1));
      const sent = Promise.all(workers.map((w, i) => send(w, jobs.slice(i * per, (i + 1) * per))));
      const mine = jobs.slice(workers.length * per).map(convert);
      return [...(await sent).flat(), ...mine];
    },
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
