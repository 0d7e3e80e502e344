import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../api/types';
import { initI18n } from '../../../i18n';
import { toastStore } from '../../../state/notices';
import { setUser } from '../../../state/user';
import { fakeApi, renderRoutes, settle } from '../../../test-support/fake-api';
import { VoteButtons } from './VoteButtons';

const TIP = 'You need at least 125 reputation to do this.';

/** A new member sees which votes they may not cast yet, and why, before the server has to refuse. */
describe('VoteButtons and the voting privileges', () => {
  beforeAll(() => initI18n());
  afterEach(() => {
    setUser(null);
    toastStore.set([]);
  });

  it('marks the downvote unavailable with the reputation it needs, and sends nothing when pressed', async () => {
    setUser({ id: '5', username: 'newbie', access_token: 't', mail_status: 1, status: 'normal', role_id: 1 } as unknown as UserInfo);
    const sent = fakeApi({
      'GET /answer/api/v1/permission': () => ({
        'question.vote_up': { has_permission: true, no_permission_tip: '', need_reputation: 0 },
        'question.vote_down': { has_permission: false, no_permission_tip: TIP, need_reputation: 125 },
      }),
    });
    const page = await renderRoutes([{ path: '/', element: <VoteButtons objectId="10010000000000001" votes={3} status="" onVoted={() => undefined} /> }], '/');
    await settle();
    const [up, down] = [...page.host.querySelectorAll<HTMLButtonElement>('button')];
    expect(up!.getAttribute('aria-disabled')).toBeNull();
    expect(down!.getAttribute('aria-disabled')).toBe('true');
    expect(down!.title).toBe(TIP);
    await act(async () => down!.click());
    expect(toastStore.get().map((t) => t.message)).toEqual([TIP]);
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    await page.unmount();
  });
});
