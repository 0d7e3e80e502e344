import { beforeEach, describe, expect, it } from 'vitest';
import { forgetRedirect, isSitePath, peekRedirect, rememberRedirect, takeRedirect } from './redirect';

describe('the page to return to after login', () => {
  beforeEach(() => localStorage.clear());

  it('is remembered once and then forgotten', () => {
    rememberRedirect('/tags/react?tab=info');
    expect(takeRedirect()).toBe('/tags/react?tab=info');
    expect(takeRedirect()).toBe('/');
  });

  it('is never the login or sign-up page', () => {
    rememberRedirect('/questions');
    rememberRedirect('/users/login');
    rememberRedirect('/users/register');
    expect(takeRedirect()).toBe('/questions');
  });

  it('stays on this site', () => {
    localStorage.setItem('_a_rp_', `${Date.now() + 1000}|"//evil.example.com/x"`);
    expect(takeRedirect()).toBe('/');
    localStorage.setItem('_a_rp_', `${Date.now() + 1000}|"/\\\\evil.example.com/x"`);
    expect(takeRedirect()).toBe('/');
  });

  it('is a path of this site only when no browser could read it as another host', () => {
    for (const path of ['/', '/questions?page=2', '/tags/c%23?tab=info#top', '/a\\b']) expect(isSitePath(path), path).toBe(true);
    for (const path of ['//evil.com', '/\\evil.com', 'https://evil.com/', 'javascript:alert(1)', '/\t/evil.com', '/\n/evil.com', '/a b', '', 'questions', null, 42]) {
      expect(isSitePath(path), String(path)).toBe(false);
    }
  });

  it('can be read without being forgotten, then forgotten separately', () => {
    rememberRedirect('/questions/ask');
    expect(peekRedirect()).toBe('/questions/ask');
    expect(peekRedirect()).toBe('/questions/ask');
    forgetRedirect();
    expect(peekRedirect()).toBeNull();
  });
});
