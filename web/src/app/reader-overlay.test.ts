import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh app over a page whose #initial-data is `data`, with a stored token. */
async function load(data: unknown) {
  vi.resetModules();
  document.head.innerHTML = `<script type="application/json" id="initial-data">${JSON.stringify(data)}</script>`;
  localStorage.setItem('_a_ltk_', `${Date.now() + 86_400_000}|${JSON.stringify('browser-token')}`);
  const [{ applyReaderOverlay, expectReaderOverlay }, { queryClient }, { get }, { userStore }] = await Promise.all([
    import('./reader-overlay'),
    import('../api/query-client'),
    import('../api/client'),
    import('../state/user'),
  ]);
  document.body.innerHTML = '<div id="root" data-ssr data-reader></div>';
  expectReaderOverlay();
  return { applyReaderOverlay, queryClient, get, userStore };
}

const envelope = (data: unknown) => ({ code: 200, reason: 'base.success', msg: 'Success.', data });

describe("a member's replies laid over the visitors' page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sets the member and answers the queries the server names from the replies, without a request', async () => {
    const url = '/answer/api/v1/question/info?id=1';
    const { applyReaderOverlay, queryClient, get, userStore } = await load({
      queries: { queries: [], mutations: [] },
      reader: { user: { id: '7', username: 'member' }, queries: ['["question","1"]'], replies: { [url]: envelope({ id: '1', vote_status: 'vote_up' }) } },
    });
    const network = vi.fn(async () => new Response(JSON.stringify(envelope({ id: '1', vote_status: '' }))));
    vi.stubGlobal('fetch', network);
    // The visitors' data the page hydrated with.
    const question = { queryKey: ['question', '1'], queryFn: () => get<{ vote_status: string }>(url) };
    queryClient.setQueryData(question.queryKey, { id: '1', vote_status: '' });
    // An active observer, as a mounted page has.
    const { QueryObserver } = await import('@tanstack/react-query');
    const active = new QueryObserver(queryClient, question);
    const stop = active.subscribe(() => undefined);
    // A query the server did not name (the same for every reader) keeps the visitors' data.
    const related = { queryKey: ['questions', 'related', '1'], queryFn: () => get('/answer/api/v1/question/similar/tag?question_id=1') };
    queryClient.setQueryData(related.queryKey, { list: [] });
    const relatedObserver = new QueryObserver(queryClient, related);
    const stopRelated = relatedObserver.subscribe(() => undefined);

    applyReaderOverlay();
    await vi.waitFor(() => expect(queryClient.getQueryData(['question', '1'])).toEqual({ id: '1', vote_status: 'vote_up' }));
    expect(network).not.toHaveBeenCalled();
    expect(userStore.get()).toMatchObject({ id: '7', username: 'member', access_token: 'browser-token' });
    expect(document.getElementById('root')!.hasAttribute('data-reader')).toBe(false);
    // The reply serves once: a later read asks the server.
    await queryClient.refetchQueries({ queryKey: ['question', '1'] });
    expect(network).toHaveBeenCalledTimes(1);
    stop();
    stopRelated();
  });

  it('does nothing on a page without replies', async () => {
    const { applyReaderOverlay, userStore } = await load({ queries: { queries: [], mutations: [] } });
    applyReaderOverlay();
    expect(userStore.get()).toBeNull();
  });
});
