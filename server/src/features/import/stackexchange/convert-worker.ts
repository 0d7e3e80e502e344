import { parentPort } from 'node:worker_threads';
import { ImportError } from '../report.js';
import { type ConvertJob, type Converted, convertAll } from './convert.js';
import { keepHeapSmall } from './heap.js';
import { countRows } from './xml-rows.js';

const WORKER_HEAP_MB = 40;

// node-html-markdown looks at process.env.LOG_PERF six times a body. A thread's environment is its
// own copy, read through the native environment accessor at half a microsecond a look; a plain
// object with the same variables reads a dozen times faster.
process.env = { ...process.env };

/** What a conversion thread of convert-pool.ts is sent: jobs to convert, or a dump file to check. */
export type PoolRequest = { id: number; jobs: ConvertJob[] } | { id: number; check: { file: string; root: string } };
/** Its replies: results, in order; a check's progress in bytes, then its row count or its refusal. */
export type PoolReply = { id: number; results: Converted[] } | { id: number; bytes: number } | { id: number; rows: number } | { id: number; refused: string };

const reply = (message: PoolReply) => parentPort!.postMessage(message);

parentPort!.on('message', (request: PoolRequest) => {
  if ('jobs' in request) {
    reply({ id: request.id, results: convertAll(request.jobs) });
    keepHeapSmall(WORKER_HEAP_MB);
    return;
  }
  const { file, root } = request.check;
  countRows(file, root, (bytes) => reply({ id: request.id, bytes })).then(
    (rows) => reply({ id: request.id, rows }),
    (err: unknown) => {
      // A refusal goes back as its message; anything else is a failure of this thread.
      if (err instanceof ImportError) reply({ id: request.id, refused: err.message });
      else throw err;
    },
  );
});
