import { randomBytes } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Thresholds } from '../../core/privileges.js';
import { SharedReply } from '../../core/shared-reply.js';
import type { Runtime } from '../../runtime.js';

/**
 * Question lists are the same for every reader, so a page is kept for a few seconds. Any write that
 * can change a list (asking, editing, answering, deleting) starts a new generation, which retires
 * every cached page at once: readers never wait on a stale list after their own write.
 */
const GENERATION_KEY = 'answer:question-list:generation';
const PAGE_SECONDS = 10;

/** Comments change more often than posts and show only on their post: they have a generation of their own. */
const COMMENTS_GENERATION_KEY = 'answer:comment-list:generation';

async function generation(runtime: Runtime, key = GENERATION_KEY): Promise<string> {
  let gen = await runtime.cache.get<string>(key);
  if (!gen) {
    gen = randomBytes(6).toString('hex');
    await runtime.cache.set(key, gen, 86400);
  }
  return gen;
}

/** The current content generation, for caches outside this file that must end with it (sitemaps). */
export const contentGeneration = (runtime: Runtime): Promise<string> => generation(runtime);

/** Dropping the generation (on every instance, see core/invalidation) starts a new one on the next read. */
export async function changedQuestionLists(runtime: Runtime): Promise<void> {
  await runtime.invalidate(GENERATION_KEY);
}

/**
 * Pages live in stores of their own, not in runtime.cache: a crawler walking every question would
 * otherwise fill that cache with bodies that expired long ago (it drops entries only when full). All
 * pages live equally long, so the oldest is the first to expire: each new page first drops the
 * expired ones, a sweep drops them when no new page comes, and a store never holds more than its
 * limit. Signed-in readers' pages have a store of their own, so that many readers never push the
 * visitors' pages out; so have the server-rendered HTML pages, which are a hundred times larger
 * than an API page (about 85 KB each).
 */
const PAGE_LIMIT = { visitors: 1000, readers: 500, rendered: 200 };
type Store = keyof typeof PAGE_LIMIT;
type Entries = Map<string, { page: SharedReply<unknown>; expires: number }>;
const stores = new WeakMap<Runtime, Record<Store, Entries>>();

function dropExpired(store: Entries, limit: number, now = Date.now()): void {
  for (const [key, entry] of store) {
    if (entry.expires > now && store.size < limit) break;
    store.delete(key);
  }
}

/** While a store holds pages, a timer (which never keeps the process alive) drops them as they expire. */
const sweeping = new WeakSet<Entries>();
function sweepLater(store: Entries): void {
  if (sweeping.has(store)) return;
  sweeping.add(store);
  setTimeout(() => {
    sweeping.delete(store);
    dropExpired(store, Number.POSITIVE_INFINITY);
    if (store.size) sweepLater(store);
  }, PAGE_SECONDS * 1000).unref();
}

async function keptPage<T>(runtime: Runtime, kind: Store, cacheKey: string, load: () => Promise<T>): Promise<SharedReply<T>> {
  let all = stores.get(runtime);
  if (!all) stores.set(runtime, (all = { visitors: new Map(), readers: new Map(), rendered: new Map() }));
  const store = all[kind];
  const hit = store.get(cacheKey);
  if (hit && hit.expires > Date.now()) return hit.page as SharedReply<T>;
  // One load per page at a time: when a busy page expires, the readers asking for it meanwhile
  // do not each load it (fifty renders at once made the slowest reader wait seconds; issue 25).
  let underWay = loading.get(store);
  if (!underWay) loading.set(store, (underWay = new Map()));
  let pending = underWay.get(cacheKey) as Promise<SharedReply<T>> | undefined;
  if (!pending) {
    pending = (async () => {
      try {
        const page = new SharedReply(await load());
        const now = Date.now();
        dropExpired(store, PAGE_LIMIT[kind], now);
        store.delete(cacheKey);
        store.set(cacheKey, { page, expires: now + PAGE_SECONDS * 1000 });
        sweepLater(store);
        return page;
      } finally {
        underWay.delete(cacheKey);
      }
    })();
    underWay.set(cacheKey, pending);
  }
  // A page past its few seconds but of the same generation (nothing written since) is still
  // served while its successor loads: under load a page render takes long, and every reader of
  // the page would wait for it. A new generation is another key, so nobody sees content older
  // than their own writes.
  if (hit) {
    pending.catch(() => undefined);
    return hit.page as SharedReply<T>;
  }
  return pending;
}

/** Loads under way, by store and key. */
const loading = new WeakMap<Entries, Map<string, Promise<SharedReply<unknown>>>>();

/** How many pages a store holds now (tests: memory stays bounded). */
export const keptPageCount = (runtime: Runtime, kind: Store): number => stores.get(runtime)?.[kind].size ?? 0;

/** The cached page with its reply, whose serialised and compressed bodies live as long as the page. */
export async function cachedPage<T>(runtime: Runtime, key: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
  return keptPage(runtime, 'visitors', `${await generation(runtime)}:${JSON.stringify(key)}`, load);
}

/** A number per privilege-thresholds object: a new one (settings changed) starts new reader pages. */
const thresholdSerials = new WeakMap<Thresholds, number>();
let lastSerial = 0;

/**
 * One signed-in reader's own page (the visitors' page with their marks and actions), kept like the
 * visitors' pages under the same generation. Everything that changes a reader's marks renews it:
 * votes, answers, follows and bookmarks all start a new generation. What their actions depend on
 * (account, role, status, reputation, the thresholds) is part of the key, so a promotion or new
 * reputation shows on the next read. A reader whose client polls or refetches (on focus, after an
 * action elsewhere) gets the stored bytes and ETag instead of a statement and a serialisation.
 */
export async function cachedReaderPage<T>(runtime: Runtime, user: SessionUser, thresholds: Thresholds, key: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
  let serial = thresholdSerials.get(thresholds);
  if (serial === undefined) thresholdSerials.set(thresholds, (serial = ++lastSerial));
  const reader = `${user.id}:${user.roleId}:${user.status}:${user.mailStatus}:${user.rank}:${serial}`;
  return keptPage(runtime, 'readers', `${await generation(runtime)}:${reader}:${JSON.stringify(key)}`, load);
}

/** Any comment written, edited or deleted retires every cached comment page. */
export async function changedComments(runtime: Runtime): Promise<void> {
  await runtime.invalidate(COMMENTS_GENERATION_KEY);
}

/** A page of comments: renewed by comment writes and, as its post's visibility and votes matter, by post writes. */
export async function cachedCommentPage<T>(runtime: Runtime, key: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
  return cachedPage(runtime, ['comments', await generation(runtime, COMMENTS_GENERATION_KEY), key], load);
}

/** A visitor's server-rendered page (it shows comments too), kept in the rendered pages' store. */
export async function cachedRenderedPage<T>(runtime: Runtime, key: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
  const generations = `${await generation(runtime)}:${await generation(runtime, COMMENTS_GENERATION_KEY)}`;
  return keptPage(runtime, 'rendered', `${generations}:${JSON.stringify(key)}`, load);
}

export async function cachedList<T>(runtime: Runtime, key: unknown, load: () => Promise<T>): Promise<T> {
  return (await cachedPage(runtime, key, load)).data;
}

/**
 * The visitors' cached page for a signed-in reader to build on, or undefined when visitors get a
 * 404 for it (a pending or deleted post only its author and moderators see): that reader's page
 * is then built in full.
 */
export async function visitorsPageOrNone<T>(page: Promise<SharedReply<T>>): Promise<SharedReply<T> | undefined> {
  try {
    return await page;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return undefined;
    throw err;
  }
}
