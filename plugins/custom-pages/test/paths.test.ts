import { describe, expect, test } from 'vitest';
import { isPagePath, pathProblem } from '../src/paths.js';

describe('paths a page may have', () => {
  test.each(['about', 'help/rules', 'a', 'faq-2024', '2024/report', 'a/b/c/d', 'help-center/code-of-conduct', 'tags-guide', 'adminship', 'user'])('%s', (path) => {
    expect(pathProblem(path)).toBeNull();
    expect(isPagePath(path)).toBe(true);
  });
});

describe('paths it may not', () => {
  test.each([
    '',
    'About',
    'about us',
    'about_us',
    '/about',
    'about/',
    'help//rules',
    '-about',
    'help/-rules',
    'über',
    'robots.txt',
    'sitemap.xml',
    'favicon.ico',
    // Climbing out, however written.
    '..',
    '../x',
    'help/../admin',
    './about',
    '%2e%2e/x',
    'help\\rules',
    'about?x=1',
    'about#top',
  ])('%j is malformed', (path) => {
    expect(pathProblem(path)).toEqual({ kind: 'format' });
  });

  test.each([
    'questions',
    'questions/ask',
    'posts',
    'tags',
    'users',
    'user-center',
    'badges',
    'search',
    'admin',
    'admin/plugins',
    'review',
    'install',
    'maintenance',
    'answer',
    'plugins',
    'static',
    'uploads',
    'feeds',
    'sitemap',
    'healthz',
    'tos',
    'privacy',
    '403',
    '404',
    '50x',
  ])('%s is the site’s own', (path) => {
    expect(pathProblem(path)).toEqual({ kind: 'reserved', segment: path.split('/')[0] });
  });

  test('only text is a path', () => {
    expect(isPagePath(undefined)).toBe(false);
    expect(isPagePath(['about'])).toBe(false);
  });
});
