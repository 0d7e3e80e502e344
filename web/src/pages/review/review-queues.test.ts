import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en_US/ui.json';
import zhCN from '../../../../locales/zh_CN/ui.json';
import { QUEUE_NAMES, defaultQueue, queueLabelKey } from './review-queues';

const lookup = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

/** Keys the review page builds at run time, which the bundle test cannot see. */
const DYNAMIC = [
  ...QUEUE_NAMES.map((name) => queueLabelKey(name)!),
  ...['question', 'answer', 'tag'].map((type) => `review.edit_of.${type}`),
  'review.edit_of.other',
];

describe('review queues', () => {
  it('opens the first queue with work waiting', () => {
    const queues = [
      { name: 'queued_post', label: '', todo_amount: 0 },
      { name: 'flagged_post', label: '', todo_amount: 2 },
      { name: 'suggested_post_edit', label: '', todo_amount: 1 },
    ];
    expect(defaultQueue(queues)).toBe('flagged_post');
  });

  it('opens suggested edits when nothing waits or the list has not arrived', () => {
    expect(defaultQueue([{ name: 'queued_post', label: '', todo_amount: 0 }])).toBe('suggested_post_edit');
    expect(defaultQueue([])).toBe('suggested_post_edit');
  });

  it('names known queues from the bundle and leaves others to the server label', () => {
    expect(queueLabelKey('suggested_post_edit')).toBe('review.queue.suggested_post_edit');
    expect(queueLabelKey('plugin_queue')).toBeUndefined();
  });

  it.each([
    ['en_US', enUS],
    ['zh_CN', zhCN],
  ])('%s has every key built at run time', (_, bundle) => {
    expect(DYNAMIC.filter((key) => typeof lookup(bundle, key) !== 'string')).toEqual([]);
  });
});
