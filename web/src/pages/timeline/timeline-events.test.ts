import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en_US/ui.json';
import zhCN from '../../../../locales/zh_CN/ui.json';
import type { TimelineEvent } from '../../api/timeline';
import { ACTIVITY_KINDS, activityLabelKey, hasRevision, previousRevisionId, snapshotSide } from './timeline-events';

const event = (object_id: string, revision_id: string, activity_type = 'edited'): TimelineEvent => ({
  activity_id: `${object_id}-${revision_id}`,
  revision_id,
  created_at: 0,
  activity_type,
  comment: '',
  object_id,
  object_type: 'question',
  cancelled: false,
  cancelled_at: 0,
  user_info: null,
});

const lookup = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('activity kind labels', () => {
  it('names each kind of the spec with its own key', () => {
    for (const kind of ['asked', 'answered', 'commented', 'edited', 'closed', 'reopened', 'deleted', 'undeleted', 'pin', 'unpin', 'show', 'hide', 'accept', 'upvote', 'downvote', 'created']) {
      expect(activityLabelKey(kind)).toBe(`timeline.kinds.${kind}`);
    }
  });

  it('names a kind it does not know as "other" instead of showing a key', () => {
    expect(activityLabelKey('voted_up')).toBe('timeline.kinds.other');
    expect(activityLabelKey('')).toBe('timeline.kinds.other');
  });

  it.each([
    ['en_US', enUS],
    ['zh_CN', zhCN],
  ])('%s translates every kind and heading', (_, bundle) => {
    const headings = ['question', 'answer', 'tag'].map((type) => `timeline.heading.${type}`);
    const keys = [...ACTIVITY_KINDS.map(activityLabelKey), 'timeline.kinds.other', ...headings];
    expect(keys.filter((key) => typeof lookup(bundle, key) !== 'string')).toEqual([]);
  });
});

describe('revisions on a timeline', () => {
  it('knows which events made a revision', () => {
    expect(hasRevision(event('q', '7'))).toBe(true);
    expect(hasRevision(event('q', '0'))).toBe(false);
    expect(hasRevision(event('q', ''))).toBe(false);
  });

  it('compares an edit with the older revision of the same object, skipping other objects', () => {
    // Newest first, as the server lists them: the question's events interleaved with an answer's.
    const events = [event('q', '9'), event('a', '8', 'answered'), event('q', '0', 'commented'), event('q', '5'), event('q', '2', 'asked')];
    expect(previousRevisionId(events, 0)).toBe('5');
    expect(previousRevisionId(events, 3)).toBe('2');
  });

  it('compares a first version with nothing', () => {
    const events = [event('q', '9'), event('a', '8', 'answered'), event('q', '2', 'asked')];
    expect(previousRevisionId(events, 1)).toBe('0');
    expect(previousRevisionId(events, 2)).toBe('0');
    expect(previousRevisionId(events, 5)).toBe('0');
  });

  it('reads a snapshot as title, tag names and body, a missing one as empty', () => {
    const side = snapshotSide({ title: 'T', tags: [{ slug_name: 'go', display_name: 'Go' }, { slug_name: 'zig', display_name: '' }], original_text: 'body' });
    expect(side).toEqual({ title: 'T', tags: ['Go', 'zig'], body: 'body' });
    expect(snapshotSide(null)).toEqual({ title: '', tags: [], body: '' });
    expect(snapshotSide({ title: 'T', tags: null, original_text: '' }).tags).toEqual([]);
  });
});
