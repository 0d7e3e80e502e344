import type { SiteInfo } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../api/types';
import { initI18n } from '../../../i18n';
import { toastStore } from '../../../state/notices';
import { siteStore } from '../../../state/site';
import { setUser } from '../../../state/user';
import { renderRoutes } from '../../../test-support/fake-api';
import { ShareButton } from './ShareButton';

/** Sharing copies the post's link, with the member's share code that earns First Share. */
describe('ShareButton', () => {
  beforeAll(() => initI18n());
  afterEach(() => {
    setUser(null);
    vi.unstubAllGlobals();
    toastStore.set([]);
  });

  const share = async (user: UserInfo | null) => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    siteStore.set({ site_seo: { permalink: 1, robots: '' } } as unknown as SiteInfo);
    setUser(user);
    const page = await renderRoutes([{ path: '/', element: <ShareButton questionId="10010000000000001" urlTitle="bread-dough" answerId="10020000000000002" /> }], '/');
    await act(async () => page.host.querySelector<HTMLButtonElement>('[data-testid="share-button"]')!.click());
    await page.unmount();
    return writeText.mock.calls[0]?.[0];
  };

  it("copies the answer's link with the member's share code", async () => {
    const link = await share({ username: 'ada' } as UserInfo);
    expect(link).toBe(`${window.location.origin}/questions/10010000000000001/bread-dough/10020000000000002?share=ada`);
    expect(toastStore.get()[0]?.variant).toBe('success');
  });

  it('copies a plain link for a visitor', async () => {
    expect(await share(null)).toBe(`${window.location.origin}/questions/10010000000000001/bread-dough/10020000000000002`);
  });
});
