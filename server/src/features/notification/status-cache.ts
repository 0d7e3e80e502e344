/**
 * The poll (`GET /notification/status`, every 3 s from every signed-in tab) is served from this
 * process-local entry per user. Entries live 2 s, so a change made by another instance shows
 * within seconds; every change this process makes forgets the entry at once. The durable
 * counters are in `notification_state`; nothing here is the source of truth.
 */
export interface CachedStatus {
  inbox: number;
  achievement: number;
  revision: number;
  can_revision: boolean;
  /** The oldest unacknowledged badge awards (at most 5); their names are translated per request. */
  badges: { notification_id: string; badge_id: string; name: string; icon: string; level: number }[];
}

const TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;
const entries = new Map<string, { owner: object; value: CachedStatus; expires: number }>();
/**
 * Changes forget the entry inside their transaction, before it commits: for a moment after, a
 * poll would cache the old value again. So a forgotten user is not cached for a short while.
 */
const QUIET_MS = 1_000;
const quiet = new Map<string, number>();

/** `owner` is the runtime: tests run several sites in one process, each with its own user ids. */
export function cachedStatus(owner: object, userId: string): CachedStatus | undefined {
  const e = entries.get(userId);
  if (!e || e.owner !== owner) return undefined;
  if (e.expires < Date.now()) {
    entries.delete(userId);
    return undefined;
  }
  return e.value;
}

export function rememberStatus(owner: object, userId: string, value: CachedStatus): void {
  const until = quiet.get(userId);
  if (until !== undefined) {
    if (until > Date.now()) return;
    quiet.delete(userId);
  }
  if (entries.size >= MAX_ENTRIES && !entries.has(userId)) entries.delete(entries.keys().next().value as string);
  entries.set(userId, { owner, value, expires: Date.now() + TTL_MS });
}

export function forgetStatus(userId: string): void {
  entries.delete(userId);
  if (quiet.size >= MAX_ENTRIES) quiet.clear();
  quiet.set(userId, Date.now() + QUIET_MS);
}
