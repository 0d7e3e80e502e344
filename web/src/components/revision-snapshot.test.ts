import { describe, expect, it } from 'vitest';
import { revisionContent, sideOf, snapshotTags, tagNames, withKnownNames } from './revision-snapshot';

describe('revision snapshots', () => {
  it('reads a question revision: title, body and the slugs the history stores', () => {
    const c = revisionContent('question', { title: 'Stored title', content: { title: 'Snap title', content: 'body', tags: ['go', 'rust'] } });
    expect(c).toEqual({
      title: 'Snap title',
      body: 'body',
      tags: [
        { slug_name: 'go', display_name: '' },
        { slug_name: 'rust', display_name: '' },
      ],
      slug_name: '',
    });
  });

  it('reads an answer revision as its body only', () => {
    expect(revisionContent('answer', { title: '', content: { content: 'an answer' } })).toEqual({ title: '', body: 'an answer', tags: [], slug_name: '' });
  });

  it('reads a tag revision: display name as title, description as body, and its slug', () => {
    const c = revisionContent('tag', { title: 'Go', content: { slug_name: 'golang', display_name: 'Golang', original_text: 'A language.' } });
    expect(c).toEqual({ title: 'Golang', body: 'A language.', tags: [], slug_name: 'golang' });
  });

  it('accepts a snapshot sent as JSON text, and reads an unreadable one as empty with the revision title', () => {
    expect(revisionContent('question', { title: 'T', content: JSON.stringify({ content: 'b', tags: [] }) })).toMatchObject({ title: 'T', body: 'b' });
    expect(revisionContent('question', { title: 'T', content: 'not json' })).toEqual({ title: 'T', body: '', tags: [], slug_name: '' });
    expect(revisionContent('comment', { title: 'T', content: { content: 'x' } })).toEqual({ title: '', body: '', tags: [], slug_name: '' });
  });

  it('takes tags as objects or bare slugs, skipping empty entries', () => {
    expect(snapshotTags([{ slug_name: 'go', display_name: 'Go' }, null, '', 'zig', { display_name: '' }])).toEqual([
      { slug_name: 'go', display_name: 'Go' },
      { slug_name: 'zig', display_name: '' },
    ]);
    expect(snapshotTags('go')).toEqual([]);
  });

  it('names tags by display name, else slug', () => {
    expect(tagNames([{ slug_name: 'go', display_name: '' }, null, 'zig', { display_name: 'Rust', slug_name: 'rust' }])).toEqual(['go', 'zig', 'Rust']);
    expect(tagNames(undefined)).toEqual([]);
  });

  it('shows a revision to the diff with tags named by display name, or as asked', () => {
    const c = { title: 'T', body: 'b', slug_name: '', tags: [{ slug_name: 'go', display_name: 'Go' }] };
    expect(sideOf(c)).toEqual({ title: 'T', tags: ['Go'], body: 'b' });
    expect(sideOf(c, (tag) => tag.slug_name).tags).toEqual(['go']);
  });

  it('gives restored slugs the names the form already knows', () => {
    const known = [{ slug_name: 'go', display_name: 'Go' }];
    const restored = snapshotTags(['go', 'old-tag']);
    expect(withKnownNames(restored, known)).toEqual([
      { slug_name: 'go', display_name: 'Go' },
      { slug_name: 'old-tag', display_name: 'old-tag' },
    ]);
  });
});
