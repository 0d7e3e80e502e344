import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { initI18n, t } from './index';
import { loadLanguage, pickLanguage } from './load-language';
import { i18n } from './translator';

const fetchMock = vi.fn();
const zh = { questions: { empty: '还没有问题' } };

beforeAll(() => initI18n());
beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  i18n.changeLanguage('en_US');
});

const replyWith = (data: unknown, status = 200) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: status, reason: '', msg: '', data }), { status }));

describe('choosing the language', () => {
  it('prefers the user, then the site, then English', () => {
    expect(pickLanguage('zh_CN', 'en_US')).toBe('zh_CN');
    expect(pickLanguage('Default', 'zh_CN')).toBe('zh_CN');
    expect(pickLanguage(undefined, '')).toBe('en_US');
  });
});

describe('loading a language', () => {
  it('uses the bundled English without a request', async () => {
    await loadLanguage('en_US');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(t('questions.empty')).toBe('No questions yet');
  });

  it('downloads another language in that language and caches it', async () => {
    replyWith(zh);
    await loadLanguage('zh_CN', 'r1');
    expect(fetchMock.mock.calls[0]![1].headers['Accept-Language']).toBe('zh_CN');
    expect(t('questions.empty')).toBe('还没有问题');
    expect(storage.get(STORAGE_KEYS.languageResources)).toEqual({ lng: 'zh_CN', revision: 'r1', resources: zh });
  });

  it('skips the download when cached for the same server revision', async () => {
    storage.set(STORAGE_KEYS.languageResources, { lng: 'zh_CN', revision: 'r1', resources: zh });
    await loadLanguage('zh_CN', 'r1');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(i18n.language).toBe('zh_CN');
  });

  it('downloads again after a server upgrade', async () => {
    storage.set(STORAGE_KEYS.languageResources, { lng: 'zh_CN', revision: 'r1', resources: zh });
    replyWith(zh);
    await loadLanguage('zh_CN', 'r2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to English when the download fails', async () => {
    replyWith(null, 500);
    await loadLanguage('zh_CN', 'r1');
    expect(i18n.language).toBe('en_US');
    expect(storage.get(STORAGE_KEYS.language)).toBe('en_US');
  });
});
