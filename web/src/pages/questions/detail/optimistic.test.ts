import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { toastStore } from '../../../state/notices';
import { applyOptimistic, flipMark } from './optimistic';
import type { VoteState } from './vote-state';

const none: VoteState = { votes: 3, status: '' };
const up: VoteState = { votes: 4, status: 'vote_up' };
const down: VoteState = { votes: 2, status: 'vote_down' };

describe('optimistic changes', () => {
  afterEach(() => toastStore.set([]));

  it('show the change at once, then the server reply', async () => {
    const shown: VoteState[] = [];
    let reply: (v: VoteState) => void = () => undefined;
    const done = applyOptimistic(none, up, (v) => shown.push(v), () => new Promise<VoteState>((r) => (reply = r)));
    expect(shown).toEqual([up]);
    reply({ votes: 10, status: 'vote_up' });
    await expect(done).resolves.toBe(true);
    expect(shown).toEqual([up, { votes: 10, status: 'vote_up' }]);
  });

  it('roll back when the server refuses (the client already toasted its 403)', async () => {
    const show = vi.fn();
    const refused = new ApiError(403, 'error.object.disallow_vote_your_self', "You can't vote for your own post");
    await expect(applyOptimistic(none, up, show, () => Promise.reject(refused))).resolves.toBe(false);
    expect(show.mock.calls).toEqual([[up], [none]]);
    expect(toastStore.get()).toEqual([]);
  });

  it('roll back and explain a refusal the client kept quiet about', async () => {
    const show = vi.fn();
    const gone = new ApiError(404, 'error.object.not_found', 'The post was not found.');
    await applyOptimistic(up, down, show, () => Promise.reject(gone));
    expect(show.mock.calls).toEqual([[down], [up]]);
    expect(toastStore.get().map((t) => t.message)).toEqual(['The post was not found.']);
  });

  it('roll back quietly when the captcha was dismissed', async () => {
    const show = vi.fn();
    await expect(applyOptimistic(up, none, show, async () => null)).resolves.toBe(false);
    expect(show.mock.calls).toEqual([[none], [up]]);
    expect(toastStore.get()).toEqual([]);
  });
});

describe('bookmark and follow marks', () => {
  it('count the viewer in and out', () => {
    expect(flipMark({ on: false, count: 2 })).toEqual({ on: true, count: 3 });
    expect(flipMark({ on: true, count: 3 })).toEqual({ on: false, count: 2 });
    expect(flipMark({ on: true, count: 0 })).toEqual({ on: false, count: 0 });
  });
});
