import { describe, expect, it } from 'vitest';
import { addTag, tagFromText, tagOptions, tagsForRequest } from './tag-input';

const support = { slug_name: 'support', display_name: 'Support' };

describe('tag input', () => {
  it('picks an existing tag by slug or display name', () => {
    expect(tagFromText('support', [support])).toEqual(support);
    expect(tagFromText(' SUPPORT, ', [support])).toEqual(support);
  });

  it('turns unknown text into a new tag with its slug', () => {
    expect(tagFromText('Brand New', [support])).toEqual({ slug_name: 'brand-new', display_name: 'Brand New', is_new: true });
    expect(tagFromText('  ', [support])).toBeNull();
  });

  it('adds once, refuses too long names and a sixth tag', () => {
    const one = addTag([], support).tags;
    expect(addTag(one, support).tags).toHaveLength(1);
    expect(addTag(one, { slug_name: 'x'.repeat(36), display_name: 'x' }).error).toBe('too_long');
    const five = ['a', 'b', 'c', 'd', 'e'].map((s) => ({ slug_name: s, display_name: s }));
    expect(addTag(five, support)).toEqual({ tags: five, error: 'too_many' });
  });

  it('sends only slug and display name', () => {
    expect(tagsForRequest([{ slug_name: 'n', display_name: 'N', is_new: true }])).toEqual([{ slug_name: 'n', display_name: 'N' }]);
  });
});

describe('tag options', () => {
  const docker = { slug_name: 'docker', display_name: 'docker' };
  const compose = { slug_name: 'docker-compose', display_name: 'docker-compose' };

  it('offers the suggestions first and creating the typed name last', () => {
    expect(tagOptions('dock', [docker, compose], [])).toEqual([
      { tag: docker, create: false },
      { tag: compose, create: false },
      { tag: { slug_name: 'dock', display_name: 'dock', is_new: true }, create: true },
    ]);
  });

  it('puts the exactly named tag first and offers no creation then', () => {
    expect(tagOptions('Docker', [compose, docker], [])).toEqual([
      { tag: docker, create: false },
      { tag: compose, create: false },
    ]);
  });

  it('leaves out chosen tags, and offers nothing for a name already chosen', () => {
    expect(tagOptions('', [docker, compose], [docker])).toEqual([{ tag: compose, create: false }]);
    expect(tagOptions('docker', [docker, compose], [docker])).toEqual([]);
  });
});
