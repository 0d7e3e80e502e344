import type { Runtime } from '../../../runtime.js';
import { kindOf } from './store.js';
import { decodeVector, quantise } from './vector-codec.js';

/**
 * The in-process nearest-neighbour search (docs/ai.md, "Semantic search"): every stored vector of
 * the current model, as Int8 values in one array, scanned whole for each query (brute force, exact
 * cosine). It is loaded on the first query, then kept in step by reading the rows written since the
 * last look (at most every REFRESH_MS, so other instances' writes show within seconds; this
 * instance's own writes are applied at once). Entries are never removed here: a post that is
 * deleted, hidden or gone is dropped by the visibility check every hit passes afterwards, and
 * `answer ai reindex` removes the rows of purged posts.
 *
 * It is for sites up to MAX_BYTES of vectors (about 43,000 posts at 768 dimensions, 21,000 at
 * 1,536): beyond that it does not load, and search stays full-text. Each query scans every vector on
 * the event loop, so the cap bounds that pause too (tens of milliseconds at the cap, see
 * docs/benchmarks.md); docs/ai.md has the sizes it suits.
 */
export const MAX_BYTES = 32 * 1024 * 1024;
const REFRESH_MS = 2000;
/** An index found too large is tried again after this long (a reindex may have removed rows). */
const RETRY_TOO_LARGE_MS = 10 * 60_000;
/** Rows are re-read from this many seconds before the newest seen: a slow writer's commit may land after a faster one's. */
const MARGIN_SECONDS = 5;
const PAGE = 5000;

const KIND_CODE = { question: 1, answer: 2 } as const;

/** One model's vectors: slot i holds post ids[i], its kind, its values at data[i * dims...] and 1 / its length. */
export interface Loaded {
  model: string;
  dims: number;
  size: number;
  ids: string[];
  slots: Map<string, number>;
  kinds: Uint8Array;
  data: Int8Array;
  invNorm: Float32Array;
  seenUntil: number;
  checkedAt: number;
  /** The most bytes of vectors kept (MAX_BYTES; the benchmark measures past it). */
  limit: number;
  /** Past the limit: nothing is kept, and queries get null. */
  tooLarge: boolean;
}

const loaded = new WeakMap<Runtime, Loaded>();
const pending = new WeakMap<Runtime, { model: string; loading: Promise<Loaded> }>();

/** An empty set of vectors of `dims` numbers (0: taken from the first one put in). */
export function emptyIndex(model: string, dims: number, limit = MAX_BYTES): Loaded {
  return { model, dims, size: 0, ids: [], slots: new Map(), kinds: new Uint8Array(0), data: new Int8Array(0), invNorm: new Float32Array(0), seenUntil: 0, checkedAt: 0, limit, tooLarge: false };
}

/** Adds or replaces a post's vector (values of another length than the index's are ignored). */
export function put(index: Loaded, id: string, values: Int8Array): void {
  const kind = kindOf(id);
  if (!kind || values.length !== index.dims || index.tooLarge) return;
  let slot = index.slots.get(id);
  if (slot === undefined) {
    if ((index.size + 1) * index.dims > index.limit) {
      Object.assign(index, emptyIndex(index.model, index.dims, index.limit), { tooLarge: true });
      console.error(`semantic search: more than ${index.limit / 1024 / 1024} MB of vectors (model ${index.model}); search stays full-text (docs/ai.md)`);
      return;
    }
    slot = index.size++;
    if (slot >= index.kinds.length) grow(index, Math.min(Math.max(1024, index.kinds.length * 2), Math.floor(index.limit / index.dims)));
    index.ids[slot] = id;
    index.slots.set(id, slot);
  }
  index.kinds[slot] = KIND_CODE[kind];
  index.data.set(values, slot * index.dims);
  let sum = 0;
  for (const v of values) sum += v * v;
  index.invNorm[slot] = sum ? 1 / Math.sqrt(sum) : 0;
}

function grow(index: Loaded, capacity: number): void {
  const kinds = new Uint8Array(capacity);
  kinds.set(index.kinds);
  const data = new Int8Array(capacity * index.dims);
  data.set(index.data);
  const invNorm = new Float32Array(capacity);
  invNorm.set(index.invNorm);
  Object.assign(index, { kinds, data, invNorm });
}

type Row = { object_id: string | number; dims: number; vector: string; updated_at: number };

function apply(index: Loaded, rows: Row[]): void {
  for (const r of rows) {
    index.seenUntil = Math.max(index.seenUntil, Number(r.updated_at));
    if (index.dims === 0) index.dims = Number(r.dims);
    const values = Number(r.dims) === index.dims ? decodeVector(r.vector, index.dims) : null;
    if (values) put(index, String(r.object_id), values);
  }
}

async function load(runtime: Runtime, model: string): Promise<Loaded> {
  const db = runtime.database;
  const index = emptyIndex(model, 0);
  // Keyset pages in id order: a bounded read each, however many rows.
  let after = '0';
  for (;;) {
    const rows = (await db
      .selectFrom('ai_embedding')
      .select(['object_id', 'dims', 'vector', 'updated_at'])
      .where('model', '=', model)
      .where('object_id', '>', after)
      .orderBy('object_id')
      .limit(PAGE)
      .execute()) as Row[];
    apply(index, rows);
    if (index.tooLarge || rows.length < PAGE) break;
    after = String(rows[rows.length - 1]!.object_id);
  }
  index.checkedAt = Date.now();
  return index;
}

async function refresh(runtime: Runtime, index: Loaded): Promise<void> {
  index.checkedAt = Date.now();
  const rows = (await runtime.database
    .selectFrom('ai_embedding')
    .select(['object_id', 'dims', 'vector', 'updated_at'])
    .where('model', '=', index.model)
    .where('updated_at', '>=', Math.max(0, index.seenUntil - MARGIN_SECONDS))
    .orderBy('updated_at')
    .execute()) as Row[];
  apply(index, rows);
}

/** The index of `model`, loaded or brought up to date; one load at a time. */
async function indexOf(runtime: Runtime, model: string): Promise<Loaded> {
  const current = loaded.get(runtime);
  if (current?.model === model && !(current.tooLarge && Date.now() - current.checkedAt >= RETRY_TOO_LARGE_MS)) {
    if (Date.now() - current.checkedAt >= REFRESH_MS && !current.tooLarge) await refresh(runtime, current);
    return current;
  }
  let under = pending.get(runtime);
  if (under?.model !== model) {
    const loading = load(runtime, model).finally(() => {
      if (pending.get(runtime)?.loading === loading) pending.delete(runtime);
    });
    pending.set(runtime, (under = { model, loading }));
  }
  const fresh = await under.loading;
  // Kept unless a load for another model started meanwhile (the model changed again): that one is kept when it ends.
  if (!pending.has(runtime)) loaded.set(runtime, fresh);
  return fresh;
}

/** Embeddings this instance just wrote: queries see them at once. */
export function noteEmbeddings(runtime: Runtime, model: string, rows: { id: string; vector: string; dims: number }[], t: number): void {
  const index = loaded.get(runtime);
  if (index?.model !== model) return;
  apply(index, rows.map((r) => ({ object_id: r.id, dims: r.dims, vector: r.vector, updated_at: t })));
}

export interface Neighbour {
  id: string;
  kind: 'question' | 'answer';
  score: number;
}

/**
 * The `k` stored posts nearest to `query` by cosine (highest first), of one kind or both, less
 * `exclude`; null when the index cannot answer (too large, or the query's length is not the
 * model's: the model was swapped for one of another size without a reindex).
 */
export async function nearest(runtime: Runtime, model: string, query: Float32Array, k: number, options: ScanOptions = {}): Promise<Neighbour[] | null> {
  const index = await indexOf(runtime, model);
  if (index.tooLarge) return null;
  if (index.size === 0) return [];
  if (query.length !== index.dims) return null;
  return scan(index, query, k, options);
}

export interface ScanOptions {
  kind?: 'question' | 'answer';
  exclude?: string;
}

/**
 * The brute-force scan itself (server/bench/vector-scan.ts times it). The query is quantised like
 * the stored vectors, so each dot product is integer arithmetic (exact in 32 bits: 127 × 127 × 8,192
 * is below 2^31), four lanes at a time: a fifth faster than a Float64 loop in V8.
 */
export function scan(index: Loaded, query: Float32Array, k: number, options: ScanOptions = {}): Neighbour[] {
  const { dims, data, invNorm, kinds, size } = index;
  const wanted = options.kind ? KIND_CODE[options.kind] : 0;
  const excluded = options.exclude === undefined ? -1 : (index.slots.get(options.exclude) ?? -1);
  const q = quantise(query);
  let norm = 0;
  for (const v of q) norm += v * v;
  const queryInvNorm = norm ? 1 / Math.sqrt(norm) : 0;
  const lanes = dims - (dims % 4);
  // The best k so far, in ascending order of score (a short sorted array: k is small).
  const topScore: number[] = [];
  const topSlot: number[] = [];
  for (let i = 0, off = 0; i < size; i++, off += dims) {
    if ((wanted && kinds[i] !== wanted) || i === excluded) continue;
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    for (let j = 0; j < lanes; j += 4) {
      const o = off + j;
      a = (a + q[j]! * data[o]!) | 0;
      b = (b + q[j + 1]! * data[o + 1]!) | 0;
      c = (c + q[j + 2]! * data[o + 2]!) | 0;
      d = (d + q[j + 3]! * data[o + 3]!) | 0;
    }
    for (let j = lanes; j < dims; j++) a = (a + q[j]! * data[off + j]!) | 0;
    const score = (a + b + c + d) * invNorm[i]! * queryInvNorm;
    if (topScore.length === k && score <= topScore[0]!) continue;
    let at = 0;
    while (at < topScore.length && topScore[at]! < score) at++;
    topScore.splice(at, 0, score);
    topSlot.splice(at, 0, i);
    if (topScore.length > k) {
      topScore.shift();
      topSlot.shift();
    }
  }
  const out: Neighbour[] = [];
  for (let n = topSlot.length - 1; n >= 0; n--) {
    const slot = topSlot[n]!;
    out.push({ id: index.ids[slot]!, kind: kinds[slot] === KIND_CODE.question ? 'question' : 'answer', score: topScore[n]! });
  }
  return out;
}

/** A stored post's own vector (related questions need no provider call), or null. */
export async function storedVector(runtime: Runtime, model: string, id: string): Promise<Float32Array | null> {
  const index = await indexOf(runtime, model);
  const slot = index.slots.get(id);
  if (slot === undefined) return null;
  return Float32Array.from(index.data.subarray(slot * index.dims, (slot + 1) * index.dims));
}

/** Drops the loaded index (tests; a restore under a running process). */
export function forgetVectorIndex(runtime: Runtime): void {
  loaded.delete(runtime);
}
