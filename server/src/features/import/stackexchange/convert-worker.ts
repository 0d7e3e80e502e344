import { parentPort } from 'node:worker_threads';
import { type ConvertJob, convert } from './convert.js';
import { keepHeapSmall } from './heap.js';

const WORKER_HEAP_MB = 40;

/** A conversion thread of convert-pool.ts: batches of jobs in, their results out, in order. */
parentPort!.on('message', ({ id, jobs }: { id: number; jobs: ConvertJob[] }) => {
  parentPort!.postMessage({ id, results: jobs.map(convert) });
  keepHeapSmall(WORKER_HEAP_MB);
});
