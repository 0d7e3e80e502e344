import { describe, expect, it } from 'vitest';
import { addSynonym } from './synonym-list';

describe('addSynonym', () => {
  it('adds the typed name as a slug', () => {
    expect(addSynonym(['pg'], ' Postgre SQL ', 'postgres')).toEqual({ list: ['pg', 'postgre-sql'] });
  });

  it('refuses the main tag itself, repeats, blanks and over-long names', () => {
    expect(addSynonym([], 'Postgres', 'postgres')).toEqual({ list: [], problem: 'self' });
    expect(addSynonym(['pg'], 'PG', 'postgres')).toEqual({ list: ['pg'], problem: 'duplicate' });
    expect(addSynonym([], '   ', 'postgres').problem).toBe('empty');
    expect(addSynonym([], 'x'.repeat(36), 'postgres').problem).toBe('too_long');
  });
});
