import type { UserInfo } from '../api/types';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { setUser } from '../state/user';
import { fakeApi, renderRoutes, settle } from '../test-support/fake-api';
import { BadgeAwardPopup } from './BadgeAwardPopup';

const award = (n: number, name: string) => ({ notification_id: `90${n}`, badge_id: `10090000000000${n}`, name, icon: 'star', level: 1 });

/** Badge awards reach the member as one small toast, however many there are, acknowledged together. */
describe('badge award toast', () => {
  beforeAll(() => initI18n());
  afterEach(() => setUser(null));

  it('groups several awards in one toast and marks every one read when closed', async () => {
    setUser({ id: '5', access_token: 't', mail_status: 1, status: 'normal', role_id: 1 } as unknown as UserInfo);
    let awards = [award(1, 'Editor'), award(2, 'Supporter')];
    const sent = fakeApi({
      'GET /answer/api/v1/notification/status': () => ({ inbox: 0, achievement: 2, revision: 0, can_revision: false, badge_award: awards[0] ?? null, badge_awards: awards }),
      'PUT /answer/api/v1/notification/read/state': () => {
        awards = [];
        return null;
      },
    });
    const page = await renderRoutes([{ path: '/', element: <BadgeAwardPopup /> }], '/');
    const toast = page.host.querySelector('[data-testid="badge-award-popup"]')!;
    expect(toast.textContent).toContain('You earned 2 badges');
    expect([...toast.querySelectorAll('[data-testid="badge-award-list"] a')].map((a) => a.textContent)).toEqual(['Editor', 'Supporter']);
    await act(async () => (toast.querySelector('button.btn-close') as HTMLButtonElement).click());
    await settle();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => (r.body as { id: string }).id)).toEqual(['901', '902']);
    expect(page.host.querySelector('[data-testid="badge-award-popup"]')).toBeNull();
    await page.unmount();
  });
});
