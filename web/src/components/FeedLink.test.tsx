import type { SiteInfo } from '@answer/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { siteStore } from '../state/site';
import { renderRoutes } from '../test-support/fake-api';
import { FeedLink } from './FeedLink';

/** Lists and tags show their Atom feed, except on a private site, which has none. */
describe('FeedLink', () => {
  beforeAll(() => initI18n());
  const show = async (loginRequired: boolean) => {
    siteStore.set({ login: { login_required: loginRequired } } as unknown as SiteInfo);
    const page = await renderRoutes([{ path: '/', element: <FeedLink href="/feeds/tags/bread.atom" /> }], '/');
    const link = page.host.querySelector('[data-testid="feed-link"]');
    const found = link ? [link.getAttribute('href'), link.getAttribute('type'), link.textContent] : null;
    await page.unmount();
    return found;
  };

  it('links the feed on a public site, and shows nothing on a private one', async () => {
    expect(await show(false)).toEqual(['/feeds/tags/bread.atom', 'application/atom+xml', 'Feed']);
    expect(await show(true)).toBeNull();
  });
});
