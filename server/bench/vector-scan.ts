/**
 * The in-process semantic search's cost (features/ai/embeddings/vector-index.ts): a brute-force
 * cosine scan over N stored Int8 vectors of D dimensions, for one query, best 30 kept.
 * `node --import tsx server/bench/vector-scan.ts [N] [D]` (default 100000 768) prints the memory the
 * vectors take and the median scan time of 21 queries. Random vectors: the scan's cost does not
 * depend on the values.
 */
import { emptyIndex, put, scan } from '../src/features/ai/embeddings/vector-index.js';
import { decodeVector, encodeVector } from '../src/features/ai/embeddings/vector-codec.js';

const n = Number(process.argv[2] ?? 100_000);
const dims = Number(process.argv[3] ?? 768);
const random = () => Float32Array.from({ length: dims }, () => Math.random() * 2 - 1);

// As stored: base64 text of Int8 values, decoded and put in as a load from the database does.
const stored = Array.from({ length: n }, () => encodeVector(random()));
// Past the site's limit (MAX_BYTES) too: the point is to see what a larger index would cost.
const index = emptyIndex('bench', dims, Number.POSITIVE_INFINITY);
let started = performance.now();
stored.forEach((text, i) => put(index, `1001${String(i + 1).padStart(13, '0')}`, decodeVector(text, dims)!));
const loadMs = performance.now() - started;
const megabytes = (index.data.byteLength + index.invNorm.byteLength + index.kinds.byteLength) / 1024 / 1024;

const times: number[] = [];
for (let q = 0; q < 21; q++) {
  const query = random();
  started = performance.now();
  scan(index, query, 30);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `${n} vectors x ${dims} dims: ${megabytes.toFixed(0)} MB of arrays (capacity grows by doubling), decoded and put in ${(loadMs / 1000).toFixed(2)} s; ` +
    `scan median ${times[10]!.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms, max ${times[20]!.toFixed(1)} ms`,
);
