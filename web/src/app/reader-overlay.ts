import { preloadReplies } from '../api/preloaded-replies';
import { queryClient } from '../api/query-client';
import { adoptUser } from '../state/user';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { type InitialData, initialData } from './initial-data';

let pending: InitialData['reader'];

/** The app is hydrating the server's page: a member's replies sent with it are laid over it once hydrated. */
export function expectReaderOverlay(): void {
  pending = initialData().reader;
}

/**
 * A signed-in member may get the visitors' page (rendered once for everyone) with their own API
 * replies to its calls (server/src/features/pages/app-render.ts). The app hydrates the page as it
 * is, then becomes the member's: the user is set and the queries whose replies may differ for a
 * member (the server tells which) are asked again, answered at once from those replies, so their
 * votes, bookmarks, follows and actions show without a request. The others (lists, related
 * questions) are the same for every reader and stay as they are.
 * Until then the header's guest links stay hidden (`#root[data-reader]`, header.css).
 *
 * It must wait until the page itself is hydrated, not only the root: React hydrates each Suspense
 * boundary in a later pass, and a store changed before a boundary hydrates would make its content
 * differ from the server's HTML. PageHydrated calls it from inside the page's own boundary (PageOutlet).
 */
export function applyReaderOverlay(): void {
  const reader = pending;
  if (!reader) return;
  pending = undefined;
  preloadReplies(reader.replies);
  adoptUser({ ...reader.user, access_token: storage.get<string>(STORAGE_KEYS.token) ?? '' });
  const queries = new Set(reader.queries);
  void queryClient.invalidateQueries({ predicate: (query) => queries.has(query.queryHash) });
  document.getElementById('root')?.removeAttribute('data-reader');
}
