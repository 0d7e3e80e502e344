import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserCenterPersonalBranding } from '@answer/contract';
import type { UcAgent } from '../../api/types';
import { initI18n } from '../../i18n';
import { addUsersStrings } from '../../i18n/users-strings';
import { errorPageStore, toastStore } from '../../state/notices';
import { agentStore } from '../../state/site';
import { fakeApi, renderRoutes, type SentRequest, settle } from '../../test-support/fake-api';
// TimeAgo shows times in the site's zone; the app loads the zone plugins at start-up.
import '../../utils/time-zone';
import { Profile } from './Profile';

const API = '/answer/api/v1';
const ICON = btoa('<svg xmlns="http://www.w3.org/2000/svg"><circle r="7"/></svg>');
const AGENT: UcAgent = {
  enabled: true,
  agent_info: { name: 'Keycloak', display_name: 'Keycloak', icon: '', url: '', login_redirect_url: '/x', sign_up_redirect_url: '/x', control_center: [], enabled_original_user_system: true },
};
const ANN = {
  id: '1',
  username: 'ann',
  display_name: 'Ann Lee',
  avatar: '',
  rank: 42,
  bio_html: '',
  website: 'https://ann.example',
  location: 'Lisbon',
  answer_count: 0,
  question_count: 0,
  created_at: 1_700_000_000,
  last_login_date: 0,
  status: 'normal',
};
const BRANDING: UserCenterPersonalBranding = {
  enabled: true,
  personal_branding: [
    { icon: ICON, name: 'github', label: 'GitHub', url: 'https://github.com/ann' },
    { icon: '', name: 'blog', label: '', url: '/pages/ann' },
    { icon: '', name: 'sneaky', label: '<img src=x onerror=alert(1)>', url: 'https://sso.example.com/u/ann' },
  ],
};

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const $ = <E extends Element>(selector: string) => view!.host.querySelector<E>(selector);
const brandingCalls = () => sent.filter((r) => r.url.startsWith(`${API}/user-center/personal/branding`));

async function open(agent: UcAgent | null, branding: unknown = BRANDING, status = 'normal') {
  sent = fakeApi({
    [`GET ${API}/personal/user/info`]: () => ({ ...ANN, status }),
    [`GET ${API}/personal/qa/top`]: () => ({ question: [], answer: [] }),
    [`GET ${API}/badge/user/awards/recent`]: () => [],
    [`GET ${API}/user-center/personal/branding`]: () => branding,
  });
  act(() => agentStore.set(agent));
  view = await renderRoutes([{ path: '/users/:username', element: <Profile /> }], '/users/ann');
  for (let i = 0; i < 3; i++) await settle();
}

beforeAll(async () => {
  await initI18n();
  addUsersStrings();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => {
    agentStore.set(null);
    toastStore.set([]);
    errorPageStore.set(null);
  });
});

describe('personal branding on a profile', () => {
  it('shows the user centre links for the person, as text, with their icons', async () => {
    await open(AGENT);
    expect(brandingCalls().map((r) => r.url)).toEqual([`${API}/user-center/personal/branding?username=ann`]);
    const list = $('[data-testid="personal-branding"]');
    expect(list?.getAttribute('aria-label')).toBe('Links elsewhere');
    expect($('header')?.contains(list)).toBe(true);
    const links = [...(list?.querySelectorAll('a') ?? [])];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['GitHub', 'https://github.com/ann'],
      ['blog', '/pages/ann'],
      ['<img src=x onerror=alert(1)>', 'https://sso.example.com/u/ann'],
    ]);
    // Another site's page opens apart from this one and learns nothing of it; the site's own does not.
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[1]?.hasAttribute('rel')).toBe(false);
    expect(links[1]?.hasAttribute('target')).toBe(false);
    // The label is text, never markup.
    expect(list?.querySelector('img:not([data-testid="connector-icon"])')).toBeNull();
    expect(links[0]?.querySelector('[data-testid="connector-icon"]')?.getAttribute('src')).toBe(`data:image/svg+xml;base64,${ICON}`);
    expect(links[1]?.querySelector('img')).toBeNull();
  });

  it('makes no request and shows nothing on a site without a user centre', async () => {
    await open(null);
    expect($('[data-testid="profile"]')).not.toBeNull();
    expect(brandingCalls()).toEqual([]);
    expect($('[data-testid="personal-branding"]')).toBeNull();
  });

  it('nor for a user centre that is configured but not enabled', async () => {
    await open({ enabled: false, agent_info: AGENT.agent_info });
    expect(brandingCalls()).toEqual([]);
    expect($('[data-testid="personal-branding"]')).toBeNull();
  });

  it('shows nothing when the user centre does not know the person or has no links for them', async () => {
    await open(AGENT, { enabled: false, personal_branding: [] });
    expect(brandingCalls().length).toBe(1);
    expect($('[data-testid="personal-branding"]')).toBeNull();
    await view?.unmount();
    await open(AGENT, { enabled: true, personal_branding: [] });
    expect($('[data-testid="personal-branding"]')).toBeNull();
  });

  it('a failing user centre leaves the profile as it is, without a word', async () => {
    await open(AGENT, { status: 500, reason: 'base.unknown', msg: 'Unknown error.' });
    expect($('[data-testid="profile"]')).not.toBeNull();
    expect($('[data-testid="personal-branding"]')).toBeNull();
    expect(toastStore.get()).toEqual([]);
    expect(errorPageStore.get()).toBeNull();
  });

  it('a deleted account gets none', async () => {
    await open(AGENT, BRANDING, 'deleted');
    expect(brandingCalls()).toEqual([]);
    expect($('[data-testid="personal-branding"]')).toBeNull();
  });
});
