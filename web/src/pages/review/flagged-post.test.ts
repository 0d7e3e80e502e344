import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en_US/ui.json';
import zhCN from '../../../../locales/zh_CN/ui.json';
import { flaggedPostPath, offeredOperations } from './flagged-post';

describe('offeredOperations', () => {
  it('offers close and unlist on questions only, while they change something', () => {
    expect(offeredOperations({ object_type: 'question', object_status: 1, object_show_status: 1 })).toEqual(['ignore_report', 'edit_post', 'close_post', 'unlist_post', 'delete_post']);
    expect(offeredOperations({ object_type: 'question', object_status: 2, object_show_status: 2 })).toEqual(['ignore_report', 'edit_post', 'delete_post']);
    expect(offeredOperations({ object_type: 'answer', object_status: 1, object_show_status: 1 })).toEqual(['ignore_report', 'edit_post', 'delete_post']);
    expect(offeredOperations({ object_type: 'comment', object_status: 1, object_show_status: 1 })).toEqual(['ignore_report', 'edit_post', 'delete_post']);
  });
});

describe('flaggedPostPath', () => {
  const base = { question_id: '10010000000000001', answer_id: '', comment_id: '', url_title: 'a-title' };
  it('leads to the question, the answer or the comment', () => {
    const q = flaggedPostPath({ ...base, object_type: 'question' }, 1);
    expect(q).toContain('10010000000000001');
    const a = flaggedPostPath({ ...base, object_type: 'answer', answer_id: '10020000000000002' }, 1);
    expect(a).toContain('10020000000000002');
    const c = flaggedPostPath({ ...base, object_type: 'comment', comment_id: '10070000000000003' }, 1);
    expect(c).toMatch(/\?commentId=10070000000000003$/);
  });
});

describe('flag translations', () => {
  const kinds = ['question', 'answer', 'comment'];
  const operations = ['ignore_report', 'edit_post', 'close_post', 'delete_post', 'unlist_post'];
  const DYNAMIC = [
    ...kinds.flatMap((k) => [`flag.title.${k}`, `review.flagged.of.${k}`, `review.flagged.delete_confirm.${k}`]),
    ...operations.flatMap((o) => [`review.flagged.op.${o}`, `review.flagged.done.${o}`]),
    ...['reason_required', 'url_required', 'text_required', 'too_long', 'url_invalid'].map((e) => `flag.${e}`),
    'review.flagged.remaining_one',
  ];
  const lookup = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  it.each([
    ['en_US', enUS],
    ['zh_CN', zhCN],
  ])('%s has every key built at run time', (_, bundle) => {
    expect(DYNAMIC.filter((key) => typeof lookup(bundle, key) !== 'string')).toEqual([]);
  });
});
