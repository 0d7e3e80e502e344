import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fieldErrorsOf } from './api-error';
import { get, post } from './client';
import { type ClientEnv, configureClient, resetClient } from './client-env';

type Spies = { [K in keyof ClientEnv]: ReturnType<typeof vi.fn> };
let env: Spies;
let path = '/questions';
const fetchMock = vi.fn();

function reply(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}
const envelope = (code: number, data: unknown, msg = 'Something happened.', reason = 'base.x') => ({ code, reason, msg, data });

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The visible effects that were triggered, by name. */
const effects = () =>
  (['navigate', 'goToLogin', 'toast', 'dialog', 'showErrorPage', 'clearUser'] as const).filter((k) => env[k].mock.calls.length);

beforeEach(() => {
  path = '/questions';
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  env = {
    token: vi.fn(() => 'tok123'),
    language: vi.fn(() => 'zh_CN'),
    currentPath: vi.fn(() => path),
    navigate: vi.fn(),
    goToLogin: vi.fn(),
    toast: vi.fn(),
    dialog: vi.fn(),
    showErrorPage: vi.fn(),
    clearUser: vi.fn(),
    translate: vi.fn((k: string) => `t:${k}`),
    log: vi.fn(),
  };
  configureClient(env as unknown as ClientEnv);
});
afterEach(() => {
  resetClient();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends the raw token, the underscore language and cookies', async () => {
    reply(200, envelope(200, { ok: 1 }));
    await get('/answer/api/v1/siteinfo');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/answer/api/v1/siteinfo');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ Authorization: 'tok123', 'Accept-Language': 'zh_CN' });
  });

  it('sends an empty Authorization header when logged out', async () => {
    env.token.mockReturnValue('');
    reply(200, envelope(200, null));
    await get('/answer/api/v1/user/info');
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBe('');
  });

  it('sends bodies as JSON and query values encoded, skipping empty ones', async () => {
    reply(200, envelope(200, null));
    await post('/x', { a: 1 }, { params: { q: 'a b&c', page: 2, none: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/x?q=a+b%26c&page=2');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers['Content-Type']).toBe('application/json');
  });

  it('unwraps the envelope data', async () => {
    reply(200, envelope(200, { name: 'Site' }));
    await expect(get('/x')).resolves.toEqual({ name: 'Site' });
  });

  it('resolves 204 to true', async () => {
    reply(204);
    await expect(get('/x')).resolves.toBe(true);
  });

  it('gives up after 10 s with a translated timeout toast', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const call = failure(get('/slow'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(env.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error.reason).toBe('error.request.timeout');
    expect(env.toast).toHaveBeenCalledWith('t:error.request.timeout');
  });

  it('reports an unreachable server as a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(get('/x'));
    expect(error.status).toBe(0);
    expect(env.toast).toHaveBeenCalledWith('t:error.request.network');
  });
});

describe('400 replies', () => {
  it('err_type toast shows a danger toast with the message', async () => {
    reply(400, envelope(400, { err_type: 'toast' }, 'Too fast.'));
    const error = await failure(post('/x', {}));
    expect(error.msg).toBe('Too fast.');
    expect(env.toast).toHaveBeenCalledWith('Too fast.');
    expect(effects()).toEqual(['toast']);
  });

  it('err_type alert rejects with message and data and shows nothing', async () => {
    reply(400, envelope(400, { err_type: 'alert', default_config: 'yaml' }, 'Cannot write.'));
    const error = await failure(post('/x', {}));
    expect(error.msg).toBe('Cannot write.');
    expect(error.data).toEqual({ err_type: 'alert', default_config: 'yaml' });
    expect(effects()).toEqual([]);
  });

  it('err_type modal opens a confirm dialog', async () => {
    reply(400, envelope(400, { err_type: 'modal' }, 'Read this.'));
    await failure(post('/x', {}));
    expect(env.dialog).toHaveBeenCalledWith('Read this.', 'confirm');
    expect(effects()).toEqual(['dialog']);
  });

  it('an unknown err_type rejects silently', async () => {
    reply(400, envelope(400, { err_type: 'other' }));
    await failure(post('/x', {}));
    expect(effects()).toEqual([]);
  });

  it('passingError hands the error to the caller without showing it', async () => {
    reply(400, envelope(400, { err_type: 'toast' }, 'Too fast.'));
    const error = await failure(post('/x', {}, { passingError: true }));
    expect(error.msg).toBe('Too fast.');
    expect(effects()).toEqual([]);
  });

  it('a list of field errors rejects with isError and the list', async () => {
    const list = [{ error_field: 'email', error_msg: 'Invalid.' }];
    reply(400, envelope(400, list));
    const error = await failure(post('/x', {}));
    expect(error.isError).toBe(true);
    expect(error.list).toEqual(list);
    expect(fieldErrorsOf(error)).toEqual({ email: 'Invalid.' });
    expect(effects()).toEqual([]);
  });

  it('empty data opens a dialog with only a close button', async () => {
    reply(400, envelope(400, null, 'Not allowed now.'));
    await failure(post('/x', {}));
    expect(env.dialog).toHaveBeenCalledWith('Not allowed now.', 'close');
  });
});

describe('401 replies', () => {
  it('clear the user and go to the login page', async () => {
    reply(401, envelope(401, null));
    await failure(get('/x'));
    expect(effects()).toEqual(['goToLogin', 'clearUser']);
  });

  it('only clear the user on login-flow pages', async () => {
    path = '/users/password-reset';
    reply(401, envelope(401, null));
    await failure(get('/x'));
    expect(effects()).toEqual(['clearUser']);
  });

  it('only clear the user when the call expects it', async () => {
    reply(401, envelope(401, null));
    await failure(get('/x', { allow401: true }));
    expect(effects()).toEqual(['clearUser']);
  });
});

describe('403 replies', () => {
  it.each([
    ['url_expired', '/users/account-activation/failed', { replace: true }],
    ['inactive', '/users/login?status=inactive', { replace: false }],
    ['suspended', '/users/account-suspended', { replace: true }],
  ])('type %s goes to its page', async (type, target, options) => {
    reply(403, envelope(403, { type }));
    await failure(get('/x'));
    expect(env.navigate).toHaveBeenCalledWith(target, options);
    expect(effects()).toEqual(['navigate']);
  });

  it('are silent on login-flow pages', async () => {
    path = '/user-center/auth';
    reply(403, envelope(403, null, 'No.'));
    await failure(get('/answer/admin/api/users/page'));
    expect(effects()).toEqual([]);
  });

  it('on an admin API call show the 403 page', async () => {
    reply(403, envelope(403, null, 'No.'));
    await failure(get('/answer/admin/api/dashboard'));
    expect(env.showErrorPage).toHaveBeenCalledWith('403');
    expect(effects()).toEqual(['showErrorPage']);
  });

  it('otherwise show a danger toast', async () => {
    reply(403, envelope(403, null, 'You cannot vote for your own post.'));
    await failure(post('/answer/api/v1/vote/up', {}));
    expect(env.toast).toHaveBeenCalledWith('You cannot vote for your own post.');
    expect(effects()).toEqual(['toast']);
  });
});

describe('404 replies', () => {
  it('show the 404 page when the call allows it', async () => {
    reply(404, envelope(404, null));
    await failure(get('/answer/api/v1/question/info', { allow404: true }));
    expect(env.showErrorPage).toHaveBeenCalledWith('404');
  });

  it('are silent otherwise', async () => {
    reply(404, envelope(404, null));
    await failure(get('/answer/api/v1/question/info'));
    expect(effects()).toEqual([]);
  });

  it('are silent on login-flow pages even when allowed', async () => {
    path = '/users/account-activation';
    reply(404, envelope(404, null));
    await failure(get('/x', { allow404: true }));
    expect(effects()).toEqual([]);
  });
});

describe('5xx replies', () => {
  it('show the 50X page and log to the console', async () => {
    reply(500, envelope(500, null, 'Unknown error.'));
    const error = await failure(get('/x'));
    expect(error.status).toBe(500);
    expect(env.showErrorPage).toHaveBeenCalledWith('50X');
    expect(env.log).toHaveBeenCalled();
  });

  it('handle a reply that is not JSON', async () => {
    reply(502, '<html>Bad gateway</html>');
    await failure(get('/x'));
    expect(env.showErrorPage).toHaveBeenCalledWith('50X');
  });

  it('keep the page when the call ignores 50X, but still log', async () => {
    reply(503, envelope(503, null, 'Not installed.', 'base.not_installed'));
    const error = await failure(get('/x', { ignore50x: true }));
    expect(error.reason).toBe('base.not_installed');
    expect(effects()).toEqual([]);
    expect(env.log).toHaveBeenCalled();
  });

  it('keep the page on login-flow paths', async () => {
    path = '/users/login';
    reply(500, envelope(500, null));
    await failure(get('/x'));
    expect(effects()).toEqual([]);
  });
});

describe('other failures', () => {
  it('toast the message of any other status', async () => {
    reply(429, envelope(429, null, 'Slow down.'));
    await failure(get('/x'));
    expect(env.toast).toHaveBeenCalledWith('Slow down.');
  });
});
