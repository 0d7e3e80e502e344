import { describe, expect, it } from 'vitest';
import type { Revision } from '../api/revisions';
import { type LabelText, revisionLabel } from './revision-label';

const revision = (id: string, reason: string, user: Revision['user_info']): Revision => ({
  id,
  object_id: 'Q1',
  title: 'T',
  content: {},
  reason,
  create_at: Number(id) * 100,
  status: 0,
  user_info: user,
});

// Shows which key and values were used, so the test reads like the label.
const text: LabelText = {
  translate: (key, values) => `${key.replace('revision_picker.', '')}(${Object.values(values).join('|')})`,
  fromNow: (time) => `t${time}`,
};

const alice = { username: 'alice', display_name: 'Alice' };

describe('revision labels', () => {
  // Newest first, as the server sends them.
  const history = [revision('3', 'fixed typo', alice), revision('2', '  ', { username: 'bob', display_name: '' }), revision('1', '', null)];

  it('numbers revisions from the oldest and names who edited and when', () => {
    expect(revisionLabel(history, 1, text)).toBe('edit(2|bob|t200)');
  });

  it('adds the edit summary when there is one', () => {
    expect(revisionLabel(history, 0, text)).toBe('with_summary(edit(3|Alice|t300)|fixed typo)');
  });

  it('calls the oldest the first version, and a removed editor a former user', () => {
    expect(revisionLabel(history, 2, text)).toBe('first(1|former_user()|t100)');
  });
});
