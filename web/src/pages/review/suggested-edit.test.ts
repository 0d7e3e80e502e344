import { describe, expect, it } from 'vitest';
import type { SuggestedEdit } from '../../api/review';
import { currentSide, editHeadingKey, editTargetPath, proposedSide } from './suggested-edit';

const edit = (type: string, content: unknown, info: Partial<SuggestedEdit['info']> = {}): SuggestedEdit => ({
  type,
  info: { object_id: 'O1', question_id: 'Q1', title: 'Old title', url_title: 'old-title', content: 'old body', tags: [{ slug_name: 'go', display_name: 'Go' }], status: 1, ...info },
  unreviewed_info: { id: '5', object_id: 'O1', title: 'Revision title', content, reason: 'typo', create_at: 0, status: 1, user_info: null },
});

describe('suggested edit sides', () => {
  it('compares a question by title, tags and body', () => {
    const e = edit('question', { title: 'New title', content: 'new body', tags: [{ slug_name: 'go', display_name: 'Go' }, { slug_name: 'zig', display_name: 'Zig' }] });
    expect(currentSide(e)).toEqual({ title: 'Old title', tags: ['Go'], body: 'old body' });
    expect(proposedSide(e)).toEqual({ title: 'New title', tags: ['Go', 'Zig'], body: 'new body' });
  });

  it('reads a snapshot whose tags are bare slugs, or that arrives as JSON text', () => {
    expect(proposedSide(edit('question', { title: 'T', content: 'b', tags: ['go', 'rust'] })).tags).toEqual(['go', 'rust']);
    expect(proposedSide(edit('question', JSON.stringify({ title: 'T', content: 'b', tags: [] })))).toEqual({ title: 'T', tags: [], body: 'b' });
  });

  it('falls back to the revision title when the snapshot has none', () => {
    expect(proposedSide(edit('question', { content: 'b' })).title).toBe('Revision title');
  });

  it('compares an answer by its body only (its title is the question title, which the edit cannot change)', () => {
    const e = edit('answer', { content: 'better answer' }, { title: 'The question' });
    expect(currentSide(e)).toEqual({ title: '', tags: [], body: 'old body' });
    expect(proposedSide(e)).toEqual({ title: '', tags: [], body: 'better answer' });
  });

  it('compares a tag by display name and description, the two things approval applies', () => {
    const e = edit('tag', { slug_name: 'renamed', display_name: 'Renamed', original_text: 'new description' }, { title: 'go', tags: null });
    expect(currentSide(e)).toEqual({ title: 'go', tags: [], body: 'old body' });
    expect(proposedSide(e)).toEqual({ title: 'Renamed', tags: [], body: 'new description' });
  });

  it('shows nothing rather than failing on an unreadable snapshot', () => {
    expect(proposedSide(edit('question', 'not json'))).toEqual({ title: 'Revision title', tags: [], body: '' });
    expect(proposedSide(edit('answer', null)).body).toBe('');
  });

  it('links to the question, the answer or the tag being edited', () => {
    expect(editTargetPath(edit('question', {}, { object_id: 'Q1' }), 1)).toBe('/questions/Q1/old-title');
    expect(editTargetPath(edit('answer', {}, { object_id: 'A1' }), 2)).toBe('/questions/Q1/A1');
    expect(editTargetPath(edit('tag', {}, { object_id: 'T1', question_id: '', title: 'Go', url_title: 'go' }), 2)).toBe('/tags/go');
  });

  it('names the kind of object edited', () => {
    expect(editHeadingKey('answer')).toBe('review.edit_of.answer');
    expect(editHeadingKey('comment')).toBe('review.edit_of.other');
  });
});
