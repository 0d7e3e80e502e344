import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient } from './client-env';
import { getPersonalInfo } from './people';

const fetchMock = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ token: () => '', language: () => 'en_US', currentPath: () => '/users/ann' });
});
afterEach(() => {
  resetClient();
  vi.unstubAllGlobals();
});

describe('getPersonalInfo', () => {
  it('reads the profile from the reply data itself, as upstream sends it', async () => {
    const profile = { id: '1', username: 'ann', display_name: 'Ann Lee', status: 'normal' };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data: profile }), { status: 200 }));
    expect(await getPersonalInfo('ann')).toEqual(profile);
    expect(fetchMock.mock.calls[0]![0]).toBe('/answer/api/v1/personal/user/info?username=ann');
  });
});
