import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../api/search';
import { initI18n, loadAreaStrings } from '../../i18n';
// TimeAgo's hover text uses the site time zone, which the app sets up at start.
import '../../utils/time-zone';
import { SearchResult } from './SearchResult';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const answerHit: SearchHit = {
  object_type: 'answer',
  object: {
    id: '10020000000000005',
    question_id: '10010000000000003',
    title: 'Which database?',
    url_title: 'which-database',
    excerpt: 'Use &lt;img src=x onerror=&quot;alert(1)&quot;&gt; <em>PostgreSQL</em> for this <img src=x onerror="alert(2)">',
    created_at: 1_700_000_000,
    vote_count: 2,
    accepted: true,
    answer_count: 0,
    status: 'available',
    tags: [{ slug_name: 'pg', display_name: 'pg', main_tag_slug_name: 'postgres' }],
    user_info: { id: '1', username: 'ada', display_name: 'Ada' },
  },
};

describe('SearchResult', () => {
  let host: HTMLDivElement;
  let root: Root;
  // The area's module loads its strings in the app; its pages are rendered here without it.
  beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const render = (hit: SearchHit) => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const router = createMemoryRouter([{ path: '/', element: <SearchResult hit={hit} permalink={1} /> }]);
    act(() => root.render(<RouterProvider router={router} />));
  };

  it('marks the words the server matched and keeps everything else as text', () => {
    render(answerHit);
    const excerpt = host.querySelector('[data-testid="search-excerpt"]')!;
    expect(excerpt.querySelector('img')).toBeNull();
    expect(excerpt.textContent).toContain('<img src=x onerror="alert(1)">');
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['PostgreSQL']);
  });

  it("links an answer to its place in the question, the author to the profile and a synonym tag to its main tag", () => {
    render(answerHit);
    const hrefs = [...host.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/questions/10010000000000003/which-database/10020000000000005', '/tags/postgres', '/users/ada']);
  });
});
