import type { ModerationLogItem, SiteInfo } from '@answer/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { siteStore } from '../../state/site';
import { ModerationLogTable } from './AdminModerationLogTable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const row = (over: Partial<ModerationLogItem>): ModerationLogItem => ({
  id: '1',
  created_at: 1_790_000_000,
  action: 'flag.ignore',
  object_type: 'answer',
  object_id: '10020000000000005',
  reason: '',
  detail: { flag_id: '10080000000000003', flags: 2 },
  staff_user: { username: 'mod', display_name: 'Moderator', status: 'normal' },
  target_user: { username: 'writer', display_name: 'Writer', status: 'normal' },
  post: { question_id: '10010000000000001', answer_id: '10020000000000005', title: 'How do I start?', url_title: 'how-do-i-start' },
  ...over,
});

/** The moderation log reads as words: actions named, posts linked, internal ids left out. */
describe('moderation log table', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
  beforeEach(() => {
    host = document.createElement('div');
    root = createRoot(host);
    siteStore.set({ site_seo: { permalink: 1, robots: '' } } as unknown as SiteInfo);
  });
  afterEach(() => act(() => root.unmount()));

  it('names the action, links the post and hides the flag id', () => {
    const router = createMemoryRouter([{ path: '/', element: <ModerationLogTable list={[row({}), row({ id: '2', action: 'user.status', object_type: 'user', post: null, detail: { from: 'normal', to: 'suspended', remove_all_content: true } })]} /> }]);
    act(() => root.render(<RouterProvider router={router} />));
    const rows = host.querySelectorAll('[data-testid="moderation-log-row"]');
    expect(rows[0]!.textContent).toContain('Flag ignored');
    expect(rows[0]!.querySelector('a[href="/questions/10010000000000001/how-do-i-start/10020000000000005"]')?.textContent).toBe('How do I start?');
    expect(rows[0]!.textContent).not.toContain('10080000000000003');
    expect(rows[0]!.textContent).toContain('flags resolved: 2');
    expect(rows[1]!.textContent).toContain('Account status changed');
    expect(rows[1]!.textContent).toContain('content removed: Yes');
  });
});
