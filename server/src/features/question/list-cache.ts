import { randomBytes } from 'node:crypto';
import { AppError } from '../../core/errors.js';
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

/** Dropping the generation (on every instance, see core/invalidation) starts a new one on the next read. */
export async function changedQuestionLists(runtime: Runtime): Promise<void> {
  await runtime.invalidate(GENERATION_KEY);
}

/**
 * Pages live in a store of their own, not in runtime.cache: a crawler walking every question would
 * otherwise fill that cache with bodies that expired long ago (it drops entries only when full). All
 * pages live equally long, so the oldest is the first to expire: each new page first drops the
 * expired ones, and the store never holds more than PAGE_LIMIT.
 */
const PAGE_LIMIT = 1000;
const stores = new WeakMap<Runtime, Map<string, { page: SharedReply<unknown>; expires: number }>>();

function pageStore(runtime: Runtime) {
  let store = stores.get(runtime);
  if (!store) stores.set(runtime, (store = new Map()));
  return store;
}

/** The cached page with its reply, whose serialised and compressed bodies live as long as the page. */
export async function cachedPage<T>(runtime: Runtime, key: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
  const cacheKey = `${await generation(runtime)}:${JSON.stringify(key)}`;
  const store = pageStore(runtime);
  const hit = store.get(cacheKey);
  if (hit && hit.expires > Date.now()) return hit.page as SharedReply<T>;
  const page = new SharedReply(await load());
  const now = Date.now();
  for (const [oldKey, old] of store) {
    if (old.expires > now && store.size < PAGE_LIMIT) break;
    store.delete(oldKey);
  }
  store.delete(cacheKey);
  store.set(cacheKey, { page, expires: now + PAGE_SECONDS * 1000 });
  return page;
}

/** Any comment written, edited or deleted retires every cached comment page. */
export async function changedComments(runtime: Runtime): Promise<void> {
  await runtime.invalidate(COMMENTS_GENERATION_KEY);
}

/** A page of comments: renewed by comment writes and, as its post's visibility and votes matter, by post writes. */
export async function cachedCommentPage<T>(runtime: Runtime, key: unknown, load: () => Promise<T>): Promise<SharedReply<T>> {
  return cachedPage(runtime, ['comments', await generation(runtime, COMMENTS_GENERATION_KEY), key], load);
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
