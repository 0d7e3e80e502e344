import { describe, expect, it } from 'vitest';
import { synonymRedirect } from './synonym-redirect';

describe('synonymRedirect', () => {
  it('stays on a main tag reached by its own slug', () => {
    expect(synonymRedirect('postgres', { slug_name: 'postgres', main_tag_slug_name: '' })).toBeNull();
    expect(synonymRedirect('postgres', undefined)).toBeNull();
  });

  it("sends a synonym's address to its main tag, keeping the sub-page and query", () => {
    expect(synonymRedirect('pg', { slug_name: 'postgres', main_tag_slug_name: 'postgres' })).toBe('/tags/postgres');
    expect(synonymRedirect('pg', { slug_name: 'pg', main_tag_slug_name: 'postgres' }, '/info', '?order=score')).toBe('/tags/postgres/info?order=score');
  });

  it('moves a differently written slug to the stored one, encoded', () => {
    expect(synonymRedirect('C#', { slug_name: 'c#' })).toBe('/tags/c%23');
  });
});
